/**
 * `/findpwd/*`: password recovery for someone who cannot log in, one screen for every step of the spec: the
 * account name with the login's captcha, the choice of the methods the account has set up, the check by a code
 * to the verified phone or e-mail or by the security answer, the new password, and the end. The recovery itself
 * is an HttpOnly cookie the server set; the masked methods are kept in this tab's sessionStorage so a step can be
 * reloaded. A recovery that expired or was used (1329) starts again.
 */
import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Radio, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import type { RecoveryMethods } from '@/generated/answers';
import type { ApiError } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { LOGIN_PATH } from '@/lib/paths';
import { useVcode } from '@/entities/account/vcode';
import { PasswordFields } from '@/entities/account/components/PasswordFields';
import { finishRecovery, sendRecoveryCode, startRecovery, verifyRecovery } from '../api';
import { recoveryChoices, recoveryStage } from '../model';
import { CodeField } from './CodeField';
import { useProblem } from './useProblem';

const STORE_KEY = 'findpwd.methods';

function savedMethods(): RecoveryMethods | undefined {
  try {
    const text = sessionStorage.getItem(STORE_KEY);
    return text ? (JSON.parse(text) as RecoveryMethods) : undefined;
  } catch {
    return undefined;
  }
}

export default function FindpwdWizard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const stage = recoveryStage(pathname);
  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px' }}>
        <Link to={LOGIN_PATH}>{t('security.recovery.backToLogin')}</Link>
        <LanguageSwitch />
      </Flex>
      <Flex justify="center" style={{ padding: 24 }}>
        <Card title={t('security.recovery.title')} style={{ width: 640, maxWidth: '100%' }} data-testid="findpwd">
          <Steps
            size="small"
            current={stage}
            style={{ marginBottom: 24 }}
            items={['account', 'validate', 'password', 'finish'].map((key) => ({ title: t(`security.recovery.step.${key}`) }))}
          />
          <Body pathname={pathname} />
        </Card>
      </Flex>
    </Flex>
  );
}

function Body({ pathname }: { pathname: string }) {
  const methods = savedMethods();
  if (pathname.startsWith('/findpwd/finish')) return <Finish />;
  if (pathname.startsWith('/findpwd/account')) return <AccountStep />;
  if (!methods) return <Navigate to="/findpwd/account" replace />;
  if (pathname.startsWith('/findpwd/password')) return <PasswordStep />;
  const method = pathname.split('/')[3];
  if (method === 'tel' || method === 'email' || method === 'question') return <VerifyStep method={method} methods={methods} />;
  return <ChooseStep methods={methods} />;
}

/** The last refusal, in the server's words; an expired recovery offers a new start. */
function useRecoveryProblem() {
  const { t } = useTranslation();
  return useProblem('findpwd-error', (error) =>
    error.code === Code.RecoveryExpired ? <Link to="/findpwd/account">{t('security.recovery.restart')}</Link> : undefined,
  );
}

function AccountStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vcode = useVcode();
  const problem = useRecoveryProblem();
  const [busy, setBusy] = useState(false);
  const submit = (values: { loginname: string; vcode?: string }) => {
    setBusy(true);
    problem.clear();
    startRecovery({ loginname: values.loginname.trim(), vcode: values.vcode ?? '' })
      .then((methods) => {
        sessionStorage.setItem(STORE_KEY, JSON.stringify(methods));
        void navigate('/findpwd/validate');
      })
      .catch((error: ApiError) => {
        problem.setError(error);
        void vcode.refetch();
      })
      .finally(() => setBusy(false));
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid="findpwd-account">
      {problem.view}
      <Form.Item name="loginname" label={t('security.recovery.loginname')} htmlFor="findpwd-loginname" rules={[{ required: true, whitespace: true, message: t('security.required') }]}>
        <Input id="findpwd-loginname" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label={t('security.recovery.vcode')} htmlFor="findpwd-vcode" required>
        <Flex gap={8}>
          <Form.Item name="vcode" noStyle rules={[{ required: true, message: t('security.required') }]}>
            <Input id="findpwd-vcode" autoComplete="off" style={{ flex: 1 }} />
          </Form.Item>
          {vcode.data?.image ? (
            <img
              id="findpwd-vcode-img"
              src={vcode.data.image}
              alt={t('security.recovery.vcodeImage')}
              role="button"
              tabIndex={0}
              onClick={() => void vcode.refetch()}
              style={{ width: 120, height: 32, cursor: 'pointer', objectFit: 'cover' }}
            />
          ) : (
            <Button onClick={() => void vcode.refetch()} loading={vcode.isFetching}>
              {t('security.recovery.vcodeReload')}
            </Button>
          )}
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="findpwd-account-submit">
        {t('security.next')}
      </Button>
    </Form>
  );
}

function ChooseStep({ methods }: { methods: RecoveryMethods }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = recoveryChoices(methods);
  const [choice, setChoice] = useState(choices[0]);
  if (!choice) {
    return (
      <div data-testid="findpwd-no-method">
        <Result status="warning" title={t('security.recovery.noMethod')} extra={<Link to={LOGIN_PATH}>{t('security.recovery.backToLogin')}</Link>} />
      </div>
    );
  }
  return (
    <Space direction="vertical" size="large">
      <Typography.Text>{t('security.recovery.choose')}</Typography.Text>
      <Radio.Group value={choice} onChange={(event) => setChoice(event.target.value as typeof choice)}>
        <Space direction="vertical">
          {choices.map((c) => (
            <Radio key={c} value={c} data-testid={`findpwd-method-${c}`}>
              {t(`security.recovery.method.${c}`, { tel: methods.tel, email: methods.email })}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Button type="primary" data-testid="findpwd-method-next" onClick={() => void navigate(`/findpwd/validate/${choice}`)}>
        {t('security.next')}
      </Button>
    </Space>
  );
}

function VerifyStep({ method, methods }: { method: 'tel' | 'email' | 'question'; methods: RecoveryMethods }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const problem = useRecoveryProblem();
  const [busy, setBusy] = useState(false);
  if (!recoveryChoices(methods).includes(method)) return <Navigate to="/findpwd/validate" replace />;
  const submit = (values: { code?: string; answer?: string }) => {
    setBusy(true);
    problem.clear();
    verifyRecovery({ method, ...values })
      .then(() => void navigate('/findpwd/password'))
      .catch(problem.setError)
      .finally(() => setBusy(false));
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid={`findpwd-verify-${method}`}>
      {problem.view}
      {method === 'question' ? (
        <Form.Item name="answer" label={methods.question} htmlFor="findpwd-answer" rules={[{ required: true, whitespace: true, message: t('security.required') }]}>
          <Input id="findpwd-answer" autoComplete="off" />
        </Form.Item>
      ) : (
        <CodeField id="findpwd-code" onError={problem.setError} send={() => sendRecoveryCode(method)} />
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="findpwd-verify-submit">
        {t('security.verify')}
      </Button>
    </Form>
  );
}

function PasswordStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const problem = useRecoveryProblem();
  const [busy, setBusy] = useState(false);
  const submit = (values: { password: string }) => {
    setBusy(true);
    problem.clear();
    finishRecovery(values.password)
      .then(() => {
        sessionStorage.removeItem(STORE_KEY);
        void navigate('/findpwd/finish');
      })
      .catch(problem.setError)
      .finally(() => setBusy(false));
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid="findpwd-password">
      {problem.view}
      <PasswordFields idPrefix="findpwd" />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="findpwd-password-submit">
        {t('security.save')}
      </Button>
    </Form>
  );
}

function Finish() {
  const { t } = useTranslation();
  return (
    <div data-testid="findpwd-finish">
      <Result
        status="success"
        title={t('security.recovery.done')}
        subTitle={t('security.recovery.doneHint')}
        extra={
          <Link to={LOGIN_PATH} data-testid="findpwd-login">
            {t('security.recovery.backToLogin')}
          </Link>
        }
      />
    </div>
  );
}
