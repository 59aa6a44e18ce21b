/**
 * /login (and /login.jsp): user name, password and verification code (spec section 2). Failures are shown
 * inline under the form with the server's message, never as a toast, and a failed attempt brings a new captcha
 * because the server spends the old one on every try.
 *
 * Every operator's first download, so it loads only what the form uses (issue 12: under 200 kB of compressed
 * JavaScript): its own small form logic instead of antd's Form (../loginForm.ts), and antd's Input and Password
 * from their own modules, not antd's Input with the text area, search box and OTP input attached to it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Flex, theme as antdTheme } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { HOME_PATH } from '@/lib/paths';
import { clearSessionData } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { useLogin, type Credentials } from '../api/login';
import { useVcode } from '@/entities/account/vcode';
import { EMPTY_CREDENTIALS, LOGIN_FIELDS, missingFields, type LoginField } from '../loginForm';
import { LoginField as Field } from './LoginField';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const { token } = antdTheme.useToken();
  const vcode = useVcode();
  const login = useLogin();
  const [values, setValues] = useState<Credentials>(EMPTY_CREDENTIALS);
  // Fields checked so far (changed, or the form submitted): an empty one shows its message. Messages are drawn
  // from t() on every render, so they follow a language switch by themselves.
  const [checked, setChecked] = useState<ReadonlySet<LoginField>>(new Set());
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const pending = login.isPending;

  // Arriving here ends any session this tab had (logout, session lost): clear the login flag and its data.
  useEffect(() => {
    clearSessionData(queryClient);
  }, [queryClient]);

  const missing = new Set(missingFields(values, checked));
  const missingText: Record<LoginField, string> = {
    loginname: t('login.validation.username'),
    password: t('login.validation.password'),
    vcode: t('login.validation.vcode'),
  };
  const messageOf = (field: LoginField) => (missing.has(field) ? missingText[field] : undefined);
  /** What an input needs to show its field's state: status, value, change handler, the message's id. */
  const bind = (field: LoginField, id: string) => ({
    id,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [field]: value }));
      setChecked((previous) => new Set(previous).add(field));
    },
    status: missing.has(field) ? ('error' as const) : undefined,
    'aria-required': true,
    'aria-invalid': missing.has(field),
    'aria-describedby': `${id}-message`,
    disabled: pending,
    size: 'large' as const,
  });

  const refreshVcode = () => {
    // A new code to type: the emptied field shows no message until it is changed or submitted again.
    setValues((previous) => ({ ...previous, vcode: '' }));
    setChecked((previous) => {
      const next = new Set(previous);
      next.delete('vcode');
      return next;
    });
    void vcode.refetch();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(new Set(LOGIN_FIELDS));
    if (pending || missingFields(values, new Set(LOGIN_FIELDS)).length > 0) return;
    setError(undefined);
    login.mutate(values, {
      onSuccess: () => void navigate(HOME_PATH, { replace: true }),
      onError: (failure) => {
        setError(failure.message);
        refreshVcode();
      },
    });
  };

  return (
    <Flex vertical style={pageStyle}>
      <Flex justify="flex-end" style={{ padding: '12px 24px' }}>
        <LanguageSwitch tone="dark" />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: 24 }}>
        {/* A plain panel rather than antd's Card, whose tab support would weigh on the first download. */}
        <section
          style={{
            width: 400,
            maxWidth: '100%',
            padding: '32px 32px 24px',
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: '0 12px 32px rgba(0, 0, 0, 0.35)',
          }}
        >
          <h1
            id="login-title"
            style={{ margin: '0 0 4px', fontSize: 26, fontWeight: 600, textAlign: 'center', color: token.colorTextHeading }}
          >
            {theme.title}
          </h1>
          <p style={{ margin: '0 0 28px', textAlign: 'center', color: token.colorTextSecondary }}>{t('login.subtitle')}</p>

          <form noValidate onSubmit={submit} aria-labelledby="login-title">
            <Field id="login-username" label={t('login.username')} message={messageOf('loginname')}>
              <Input {...bind('loginname', 'login-username')} prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Field>
            <Field id="login-password" label={t('login.password')} message={messageOf('password')}>
              <Password {...bind('password', 'login-password')} prefix={<LockOutlined />} autoComplete="current-password" />
            </Field>
            <Field id="login-vcode" label={t('login.vcode')} message={messageOf('vcode')}>
              <Flex gap={8} align="flex-start">
                <Input
                  {...bind('vcode', 'login-vcode')}
                  prefix={<SafetyOutlined />}
                  autoComplete="off"
                  style={{ flex: 1 }}
                />
                <VcodeImage
                  image={vcode.data?.image}
                  loading={vcode.isFetching}
                  failed={vcode.isError}
                  disabled={pending}
                  onRefresh={refreshVcode}
                />
              </Flex>
            </Field>

            {error && (
              <div id="login-error" role="alert" style={{ marginBottom: 16, color: token.colorError }}>
                {error}
              </div>
            )}

            <Button id="login-submit" type="primary" htmlType="submit" size="large" block loading={pending}>
              {t('login.submit')}
            </Button>
            <Flex justify="flex-end" style={{ marginTop: 12 }}>
              <Link id="login-forgot" to="/findpwd/account">
                {t('login.forgot')}
              </Link>
            </Flex>
          </form>
        </section>
      </Flex>
    </Flex>
  );
}

interface VcodeImageProps {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  disabled: boolean;
  onRefresh: () => void;
}

/** The captcha; a click (or Enter / Space) fetches a new one. */
function VcodeImage({ image, loading, failed, disabled, onRefresh }: VcodeImageProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const box = { width: 120, height: 40, flex: 'none' as const, borderRadius: token.borderRadius, cursor: 'pointer' };
  if (!image) {
    return loading ? (
      // A plain grey box while the first code loads (antd's Skeleton would add its own chunk for this).
      <div aria-busy="true" style={{ ...box, cursor: 'default', background: token.colorFillContent }} />
    ) : (
      <Button id="login-vcode-img" style={box} onClick={onRefresh} danger={failed} disabled={disabled}>
        {t('login.vcodeReload')}
      </Button>
    );
  }
  return (
    <img
      id="login-vcode-img"
      src={image}
      alt={t('login.vcodeImage')}
      title={t('login.vcodeImage')}
      role="button"
      tabIndex={0}
      onClick={onRefresh}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRefresh();
        }
      }}
      style={{ ...box, objectFit: 'cover', border: `1px solid ${token.colorBorder}`, opacity: loading ? 0.5 : 1 }}
    />
  );
}

/** A dark, calm backdrop: the console is used in control rooms. */
const pageStyle = {
  minHeight: '100vh',
  background: 'linear-gradient(160deg, #0b1f33 0%, #15314f 55%, #1d3f63 100%)',
} as const;
