/**
 * EZVIZ key linking (docs/ezviz.md), a section of the system settings dialog for an organisation's
 * administrators: the EZVIZ open platform's AppKey and Secret with which the server gets the live addresses of
 * the pages' EZVIZ video widgets. The secret is a password field that is never filled: the server only says
 * whether one is set, and an empty field on save keeps it. Unlinking asks first.
 */
import { useEffect } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Tag, Typography, message as antdMessage } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { useDeleteEzvizKey, useEzvizKey, useSaveEzvizKey, type EzvizKeyDraft } from './ezvizApi';

const FIELDS = ['appKey', 'appSecret'] as const;
/** The longest app key or secret the server takes. */
const MAX_KEY_CHARS = 64;

export function EzvizKeySection() {
  const { t } = useTranslation();
  const key = useEzvizKey(true);
  const save = useSaveEzvizKey();
  const remove = useDeleteEzvizKey();
  const [form] = Form.useForm<EzvizKeyDraft>();
  const [message, holder] = antdMessage.useMessage();
  const data = key.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ appKey: data.appKey, appSecret: '' });
  }, [form, data]);

  if (key.isError) return <Alert type="error" showIcon message={key.error.message} data-testid="ezviz-key-error" />;
  if (!data) return null;

  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else void message.error(error.message);
  };
  const submit = (values: EzvizKeyDraft) =>
    save.mutate(
      { appKey: values.appKey.trim(), appSecret: (values.appSecret ?? '').trim() },
      { onSuccess: () => void message.success(t('systemSettings.ezvizSaved')), onError: refused },
    );
  const unlink = () =>
    remove.mutate(undefined, {
      onSuccess: () => void message.success(t('systemSettings.ezvizDeleted')),
      onError: (error) => void message.error(error.message),
    });
  const busy = save.isPending || remove.isPending;

  return (
    <section data-testid="ezviz-key">
      {holder}
      <Typography.Paragraph type="secondary">{t('systemSettings.ezvizHint')}</Typography.Paragraph>
      <Form<EzvizKeyDraft> form={form} layout="vertical" onFinish={submit} disabled={busy}>
        <Form.Item
          name="appKey"
          label={t('systemSettings.ezvizAppKey')}
          rules={[{ required: true, whitespace: true, message: t('systemSettings.ezvizAppKeyRequired') }]}
        >
          <Input id="ezviz-app-key" maxLength={MAX_KEY_CHARS} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="appSecret"
          label={
            <Flex gap={8} align="center">
              {t('systemSettings.ezvizSecret')}
              <Tag color={data.secretSet ? 'green' : 'default'} data-testid="ezviz-secret-state" data-set={data.secretSet ? 'true' : 'false'}>
                {t(data.secretSet ? 'systemSettings.ezvizSecretSet' : 'systemSettings.ezvizSecretNotSet')}
              </Tag>
            </Flex>
          }
          extra={data.secretSet ? t('systemSettings.ezvizSecretKeep') : undefined}
          rules={data.secretSet ? [] : [{ required: true, whitespace: true, message: t('systemSettings.ezvizSecretRequired') }]}
        >
          <Input.Password id="ezviz-app-secret" maxLength={MAX_KEY_CHARS} autoComplete="new-password" />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" id="ezviz-save" loading={save.isPending}>
            {t('systemSettings.ezvizSave')}
          </Button>
          {data.secretSet && (
            <Popconfirm title={t('systemSettings.ezvizDeleteConfirm')} onConfirm={unlink} okButtonProps={{ id: 'ezviz-delete-confirm' }}>
              <Button danger id="ezviz-delete" loading={remove.isPending}>
                {t('systemSettings.ezvizDelete')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Form>
    </section>
  );
}
