/**
 * /login (and /login.jsp): user name, password and verification code (spec section 2). Failures are shown
 * inline under the form with the server's message, never as a toast, and a failed attempt brings a new captcha
 * because the server spends the old one on every try.
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Skeleton, theme as antdTheme } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { HOME_PATH } from '@/lib/paths';
import { clearSessionData } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { useLogin, type Credentials } from '../api/login';
import { useVcode } from '../api/vcode';

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const { token } = antdTheme.useToken();
  const [form] = Form.useForm<Credentials>();
  const vcode = useVcode();
  const login = useLogin();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();

  // Arriving here ends any session this tab had (logout, session lost): clear the login flag and its data.
  useEffect(() => {
    clearSessionData(queryClient);
  }, [queryClient]);

  // Validation messages are texts too: re-validate the fields showing one when the language changes.
  useEffect(() => {
    const shown = form.getFieldsError().filter((field) => field.errors.length > 0).map((field) => field.name);
    if (shown.length > 0) void form.validateFields(shown).catch(() => undefined);
  }, [i18n.language, form]);

  const refreshVcode = () => {
    form.setFieldValue('vcode', '');
    void vcode.refetch();
  };

  const submit = (credentials: Credentials) => {
    setError(undefined);
    login.mutate(credentials, {
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

          <Form<Credentials>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            disabled={login.isPending}
            aria-labelledby="login-title"
          >
            <Form.Item
              label={t('login.username')}
              name="loginname"
              htmlFor="login-username"
              rules={[{ required: true, whitespace: true, message: t('login.validation.username') }]}
            >
              <Input id="login-username" prefix={<UserOutlined />} autoComplete="username" size="large" autoFocus />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              htmlFor="login-password"
              rules={[{ required: true, message: t('login.validation.password') }]}
            >
              <Input.Password id="login-password" prefix={<LockOutlined />} autoComplete="current-password" size="large" />
            </Form.Item>
            <Form.Item label={t('login.vcode')} htmlFor="login-vcode" required>
              <Flex gap={8} align="flex-start">
                <Form.Item
                  name="vcode"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('login.validation.vcode') }]}
                >
                  <Input id="login-vcode" prefix={<SafetyOutlined />} autoComplete="off" size="large" style={{ flex: 1 }} />
                </Form.Item>
                <VcodeImage
                  image={vcode.data?.image}
                  loading={vcode.isFetching}
                  failed={vcode.isError}
                  onRefresh={refreshVcode}
                />
              </Flex>
            </Form.Item>

            {error && (
              <div id="login-error" role="alert" style={{ marginBottom: 16, color: token.colorError }}>
                {error}
              </div>
            )}

            <Button id="login-submit" type="primary" htmlType="submit" size="large" block loading={login.isPending}>
              {t('login.submit')}
            </Button>
          </Form>
        </section>
      </Flex>
    </Flex>
  );
}

interface VcodeImageProps {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha; a click (or Enter / Space) fetches a new one. */
function VcodeImage({ image, loading, failed, onRefresh }: VcodeImageProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const box = { width: 120, height: 40, flex: 'none' as const, borderRadius: token.borderRadius, cursor: 'pointer' };
  if (!image) {
    return loading ? (
      <Skeleton.Button active style={box} />
    ) : (
      <Button id="login-vcode-img" style={box} onClick={onRefresh} danger={failed}>
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
