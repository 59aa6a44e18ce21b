/**
 * `/account/security/sms/setup/*`: the set-up wizard, one screen for every child route of the spec. The path says
 * the step (model.ts `setupStep`): choose how to prove the identity (`validate?next=…`), prove it (password, a
 * code to the verified phone or e-mail, or the security answer), make the change (password; phone or e-mail then
 * the code sent to it; question then its answer once more), and the success page. The server holds the proof for
 * this session (10 minutes); a change refused for want of it (1325) offers the proof again.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Radio, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TabError, TabLoading } from '@/components/LoadState';
import type { SecurityState } from '@/generated/answers';
import { ApiError } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { sessionKeys } from '@/lib/session';
import { PasswordFields } from '@/entities/account/components/PasswordFields';
import { securityKeys, useSecurityState } from '@/entities/account/security';
import { bindEmail, bindTel, changePassword, sendSecurityCode, setQuestion, verifyIdentity } from '../api';
import { SETUP_BASE, changePath, normaliseAnswer, proofMethods, securityPath, setupStep, stageOf, successPath, validatePath, type ProofMethod, type SetupStep, type SetupTarget } from '../model';
import { CodeField, type SentCode } from './CodeField';
import { useProblem } from './useProblem';


export default function SetupWizard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const state = useSecurityState();
  const step = setupStep(pathname, search.get('next'));
  if (!step) return <Navigate to={`${SETUP_BASE}/validate`} replace />;
  if (state.isPending) return <TabLoading />;
  if (state.isError) return <TabError title={t('security.loadFailed')} error={state.error} onRetry={() => void state.refetch()} />;
  return (
    <Card title={t(`security.wizard.${step.target}`)} data-testid="security-wizard">
      <Steps
        size="small"
        current={stageOf(step)}
        style={{ marginBottom: 24 }}
        items={[{ title: t('security.stage.prove') }, { title: t('security.stage.change') }, { title: t('security.stage.done') }]}
      />
      <div style={{ maxWidth: 520 }}>
        <StepBody step={step} state={state.data} />
      </div>
    </Card>
  );
}

function StepBody({ step, state }: { step: SetupStep; state: SecurityState }) {
  switch (step.kind) {
    case 'choose':
      return <ChooseMethod target={step.target} state={state} />;
    case 'prove':
      return <Prove method={step.method} target={step.target} state={state} />;
    case 'change':
      return <Change target={step.target} state={state} />;
    case 'confirm':
      return <Confirm target={step.target} state={state} />;
    case 'success':
      return <Success target={step.target} state={state} />;
  }
}

/** The refusal of the last call, in the server's words; a missing proof links back to the proof. */
function useSetupProblem(target: SetupTarget) {
  const { t } = useTranslation();
  return useProblem('security-error', (error) =>
    error.code === Code.IdentityNotProven ? (
      <Link to={`${SETUP_BASE}/validate?next=${target}`}>{t('security.proveAgain')}</Link>
    ) : undefined,
  );
}

function ChooseMethod({ target, state }: { target: SetupTarget; state: SecurityState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = proofMethods(state);
  const [method, setMethod] = useState<ProofMethod>(methods[0] ?? 'password');
  return (
    <Space direction="vertical" size="large">
      <Typography.Text>{t('security.chooseMethod')}</Typography.Text>
      <Radio.Group value={method} onChange={(event) => setMethod(event.target.value as ProofMethod)} data-testid="security-methods">
        <Space direction="vertical">
          {methods.map((m) => (
            <Radio key={m} value={m} data-testid={`security-method-${m}`}>
              {t(`security.method.${m}`, { tel: state.tel, email: state.email })}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Button type="primary" data-testid="security-method-next" onClick={() => void navigate(validatePath(method, target))}>
        {t('security.next')}
      </Button>
    </Space>
  );
}

function Prove({ method, target, state }: { method: ProofMethod; target: SetupTarget; state: SecurityState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problem = useSetupProblem(target);
  const [busy, setBusy] = useState(false);
  const submit = (values: { password?: string; code?: string; answer?: string }) => {
    setBusy(true);
    problem.clear();
    verifyIdentity({ method, ...values })
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: securityKeys.state });
        await navigate(changePath(target));
      })
      .catch(problem.setError)
      .finally(() => setBusy(false));
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid={`security-prove-${method}`}>
      {problem.view}
      {method === 'password' && (
        <Form.Item name="password" label={t('security.currentPassword')} htmlFor="security-current-password" rules={[{ required: true, message: t('security.required') }]}>
          <Input.Password id="security-current-password" autoComplete="current-password" />
        </Form.Item>
      )}
      {(method === 'tel' || method === 'email') && (
        <CodeField id="security-identity-code" onError={problem.setError} send={() => sendSecurityCode({ purpose: 'identity', channel: method })} />
      )}
      {method === 'question' && (
        <Form.Item name="answer" label={state.question} htmlFor="security-answer" rules={[{ required: true, message: t('security.required') }]}>
          <Input id="security-answer" autoComplete="off" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="security-prove-submit">
        {t('security.verify')}
      </Button>
    </Form>
  );
}

/** What the change step hands the confirm step (the address a code went to, the question typed). */
interface Carried {
  address?: string;
  sent?: SentCode;
  question?: string;
  answer?: string;
}

function Change({ target, state }: { target: SetupTarget; state: SecurityState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problem = useSetupProblem(target);
  const [busy, setBusy] = useState(false);
  const run = (call: Promise<unknown>, then: () => Promise<void> | void) => {
    setBusy(true);
    problem.clear();
    call
      .then(then)
      .catch(problem.setError)
      .finally(() => setBusy(false));
  };
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: securityKeys.state });
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    await navigate(successPath(target));
  };
  const submit = (values: { password?: string; tel?: string; email?: string; question?: string; answer?: string }) => {
    if (target === 'password') run(changePassword(values.password ?? ''), done);
    else if (target === 'tel' && !state.smsAvailable) run(bindTel({ tel: values.tel ?? '' }), done);
    else if (target === 'tel' || target === 'email') {
      const address = (target === 'tel' ? values.tel : values.email) ?? '';
      const call = sendSecurityCode({ purpose: 'bind', channel: target, address });
      run(call, async () => {
        const answer = await call;
        const sent: SentCode = { at: Date.now(), wait: answer.resendIn, to: answer.to };
        await navigate(`${SETUP_BASE}/${target}/validate`, { state: { address, sent } satisfies Carried });
      });
    } else {
      void navigate(`${SETUP_BASE}/question/validate`, { state: { question: values.question, answer: values.answer } satisfies Carried });
    }
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid={`security-change-form-${target}`}>
      {problem.view}
      {target === 'password' && <PasswordFields idPrefix="security" />}
      {target === 'tel' && (
        <Form.Item name="tel" label={t('security.newTel')} htmlFor="security-tel" rules={[{ required: true, message: t('security.required') }]} extra={state.smsAvailable ? t('security.codeWillBeSent') : t('security.contactOnlyHint')}>
          <Input id="security-tel" autoComplete="tel" maxLength={20} />
        </Form.Item>
      )}
      {target === 'email' && (
        <Form.Item name="email" label={t('security.newEmail')} htmlFor="security-email" rules={[{ required: true, message: t('security.required') }, { type: 'email', message: t('security.emailFormat') }]} extra={t('security.codeWillBeSent')}>
          <Input id="security-email" autoComplete="email" maxLength={100} />
        </Form.Item>
      )}
      {target === 'question' && (
        <>
          <Form.Item name="question" label={t('security.question')} htmlFor="security-question" rules={[{ required: true, whitespace: true, message: t('security.required') }]}>
            <Input id="security-question" maxLength={60} />
          </Form.Item>
          <Form.Item name="answer" label={t('security.answer')} htmlFor="security-new-answer" rules={[{ required: true, whitespace: true, message: t('security.required') }]} extra={t('security.answerHint')}>
            <Input id="security-new-answer" maxLength={60} autoComplete="off" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="security-change-submit">
        {target === 'tel' || target === 'email' ? (target === 'tel' && !state.smsAvailable ? t('security.save') : t('security.sendCode')) : t('security.next')}
      </Button>
    </Form>
  );
}

function Confirm({ target, state }: { target: 'tel' | 'email' | 'question'; state: SecurityState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const carried = (useLocation().state ?? {}) as Carried;
  const problem = useSetupProblem(target);
  const [busy, setBusy] = useState(false);
  if (target !== 'question' && !carried.address) return <Navigate to={changePath(target)} replace />;
  if (target === 'question' && (!carried.question || !carried.answer)) return <Navigate to={changePath('question')} replace />;
  if (target === 'tel' && !state.smsAvailable) return <Navigate to={changePath('tel')} replace />;
  const submit = (values: { code?: string; answer?: string }) => {
    let call: Promise<unknown>;
    if (target === 'question') {
      if (normaliseAnswer(values.answer) !== normaliseAnswer(carried.answer)) {
        problem.setError(new ApiError('client', t('security.answerMismatch')));
        return;
      }
      call = setQuestion({ question: carried.question ?? '', answer: carried.answer ?? '' });
    } else {
      const address = carried.address ?? '';
      call = target === 'tel' ? bindTel({ tel: address, code: values.code ?? '' }) : bindEmail({ email: address, code: values.code ?? '' });
    }
    setBusy(true);
    problem.clear();
    call
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: securityKeys.state });
        await navigate(successPath(target));
      })
      .catch(problem.setError)
      .finally(() => setBusy(false));
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid={`security-confirm-${target}`}>
      {problem.view}
      {target === 'question' ? (
        <Form.Item name="answer" label={t('security.answerAgain', { question: carried.question })} htmlFor="security-answer-again" rules={[{ required: true, message: t('security.required') }]}>
          <Input id="security-answer-again" autoComplete="off" />
        </Form.Item>
      ) : (
        <>
          <Typography.Paragraph>{t('security.codeSentTo', { to: carried.address })}</Typography.Paragraph>
          <CodeField id="security-bind-code" initialSent={carried.sent} onError={problem.setError} send={() => sendSecurityCode({ purpose: 'bind', channel: target, address: carried.address })} />
        </>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="security-confirm-submit">
        {t('security.save')}
      </Button>
    </Form>
  );
}

function Success({ target, state }: { target: SetupTarget; state: SecurityState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="security-success">
      <Result
        status="success"
        title={t(`security.success.${target}`)}
        extra={
          <Button type="primary" onClick={() => void navigate(securityPath(state.smsAvailable))} data-testid="security-back">
            {t('security.back')}
          </Button>
        }
      />
    </div>
  );
}
