/**
 * The organisation's SMTP server, for administrators: the e-mail channels of every user send through it. The
 * password is write-only: a stored one shows as "saved" and an empty field keeps it. Refusals are shown on the
 * field the server names.
 */
import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { Limits } from '@/lib/api/limits';
import { useSaveSmtpServer, useSmtpServer, type SmtpDraft } from '../api/notify';

const FIELDS = ['host', 'port', 'security', 'username', 'password', 'fromAddress', 'fromName'] as const;
const SECURITY: readonly SmtpDraft['security'][] = ['starttls', 'tls', 'none'];
/** The usual port of each security, filled in when the security changes. */
const PORTS: Record<SmtpDraft['security'], number> = { starttls: 587, tls: 465, none: 25 };

export function SmtpSection() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmtpDraft>();
  const smtp = useSmtpServer(true);
  const save = useSaveSmtpServer();
  const stored = smtp.data;

  useEffect(() => {
    if (smtp.isSuccess) {
      form.setFieldsValue({
        host: stored?.host ?? '',
        port: stored?.port ?? PORTS.starttls,
        security: stored?.security ?? 'starttls',
        username: stored?.username ?? '',
        password: '',
        fromAddress: stored?.fromAddress ?? '',
        fromName: stored?.fromName ?? '',
      });
    }
  }, [smtp.isSuccess, stored, form]);

  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showError(error);
  };

  const required = { required: true, whitespace: true, message: t('messages.notify.required') };
  return (
    <section data-testid="notify-smtp">
      <Typography.Title level={5}>{t('messages.notify.smtp.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('messages.notify.smtp.hint')}</Typography.Paragraph>
      <Form<SmtpDraft>
        form={form}
        layout="vertical"
        disabled={save.isPending || smtp.isLoading}
        onFinish={(values) => save.mutate(values, { onError: refused, onSuccess: () => form.setFieldValue('password', '') })}
        onValuesChange={(changed: Partial<SmtpDraft>) => {
          if (changed.security) form.setFieldValue('port', PORTS[changed.security]);
        }}
      >
        <Form.Item name="host" label={t('messages.notify.smtp.host')} htmlFor="notify-smtp-host" rules={[required]}>
          <Input id="notify-smtp-host" maxLength={Limits.SmtpHostChars} autoComplete="off" />
        </Form.Item>
        <Form.Item name="security" label={t('messages.notify.smtp.security')} htmlFor="notify-smtp-security">
          <Select id="notify-smtp-security" options={SECURITY.map((s) => ({ value: s, label: t(`messages.notify.smtp.securityOf.${s}`) }))} />
        </Form.Item>
        <Form.Item name="port" label={t('messages.notify.smtp.port')} htmlFor="notify-smtp-port" rules={[{ required: true, message: t('messages.notify.required') }]}>
          <InputNumber id="notify-smtp-port" min={1} max={65535} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="username" label={t('messages.notify.smtp.username')} htmlFor="notify-smtp-username">
          <Input id="notify-smtp-username" maxLength={Limits.SmtpCredentialChars} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('messages.notify.smtp.password')}
          htmlFor="notify-smtp-password"
          extra={stored?.hasPassword ? t('messages.notify.smtp.passwordKept') : undefined}
        >
          <Input.Password
            id="notify-smtp-password"
            maxLength={Limits.SmtpCredentialChars}
            autoComplete="new-password"
            placeholder={stored?.hasPassword ? t('messages.notify.saved') : ''}
          />
        </Form.Item>
        <Form.Item name="fromAddress" label={t('messages.notify.smtp.fromAddress')} htmlFor="notify-smtp-from" rules={[required]}>
          <Input id="notify-smtp-from" maxLength={Limits.EmailChars} autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item name="fromName" label={t('messages.notify.smtp.fromName')} htmlFor="notify-smtp-from-name">
          <Input id="notify-smtp-from-name" maxLength={Limits.SmtpFromNameChars} autoComplete="off" />
        </Form.Item>
        <Button id="notify-smtp-save" htmlType="submit" loading={save.isPending}>
          {t('messages.notify.smtp.save')}
        </Button>
        {save.isSuccess && (
          <Typography.Text type="success" style={{ marginLeft: 12 }}>
            {t('messages.notify.savedDone')}
          </Typography.Text>
        )}
      </Form>
    </section>
  );
}
