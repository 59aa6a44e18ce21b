/**
 * A verification code input with its send button: the button sends a code and then counts the server's resend
 * wait (60 s) down before it may send again. Where the code went (masked) shows under the field.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeSent } from '@/generated/answers';
import type { ApiError } from '@/lib/api/errors';
import { codeProblem, resendSecondsLeft } from '../model';

/** A code sent before the field showed (the previous step sent it), so the countdown goes on. */
export interface SentCode {
  at: number;
  wait: number;
  to: string;
}

export function CodeField({ send, onError, id, initialSent }: { send: () => Promise<CodeSent>; onError: (error: ApiError) => void; id: string; initialSent?: SentCode }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<SentCode | undefined>(initialSent);
  const [sending, setSending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const left = resendSecondsLeft(sent?.at, sent?.wait ?? 0, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  const sendNow = () => {
    setSending(true);
    send()
      .then((answer) => {
        const at = Date.now();
        setSent({ at, wait: answer.resendIn, to: answer.to });
        setNow(at);
      })
      .catch((error: ApiError) => onError(error))
      .finally(() => setSending(false));
  };

  return (
    <Form.Item
      label={t('security.code.label')}
      required
      htmlFor={id}
      extra={sent ? t('security.code.sentTo', { to: sent.to }) : t('security.code.hint')}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = codeProblem(value);
                if (problem) throw new Error(t(`security.code.${problem}`));
              },
            },
          ]}
        >
          <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Button onClick={sendNow} loading={sending} disabled={left > 0} data-testid={`${id}-send`}>
          {left > 0 ? t('security.code.resendIn', { seconds: left }) : sent ? t('security.code.resend') : t('security.code.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
