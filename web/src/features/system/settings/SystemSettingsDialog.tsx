/**
 * The system settings dialog, from the header's user menu (docs/account.md, "System settings"). Everyone chooses
 * the console's language (this browser's, as the header's switch). An organisation's administrator also sets the
 * console's title and logo, the idle session timeout (0: the deployment's), how many days of signal history are
 * kept (0: forever; older readings are pruned in the background), the shifts of its day for shift reports
 * (ShiftsSettings), links the organisation's EZVIZ key for the
 * pages' EZVIZ videos (EzvizKeySection) and, where the deployment is SQLite and theirs to back up, downloads a
 * copy of the database.
 */
import { useEffect } from 'react';
import { Alert, Button, Divider, Flex, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@/lib/access';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { Limits } from '@/lib/api/limits';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGES, type Language } from '@/lib/i18n/language';
import { useUser } from '@/lib/session';
import { EzvizKeySection } from './EzvizKeySection';
import ExternalPagesSettings from './ExternalPagesSettings';
import { ShiftsSettings } from './ShiftsSettings';
import { useDownloadBackup, useSaveSystemSettings, useSystemSettings, type SystemSettingsDraft } from './api';

const FIELDS = ['title', 'faviconIco', 'sessionMinutes', 'retentionDays'] as const;

export default function SystemSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const admin = isAdmin(useUser());
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('systemSettings.title')}
      destroyOnHidden
      data-testid="system-settings"
      width={560}
    >
      <Form layout="vertical">
        <Form.Item label={t('systemSettings.language')}>
          <Radio.Group
            value={i18n.language}
            onChange={(event) => void changeLanguage(event.target.value as Language)}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`language.names.${language}`) }))}
          />
        </Form.Item>
      </Form>
      {admin && <AdminSettings onSaved={onClose} />}
    </Modal>
  );
}

function AdminSettings({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const settings = useSystemSettings(true);
  const save = useSaveSystemSettings();
  const backup = useDownloadBackup();
  const [form] = Form.useForm<SystemSettingsDraft>();
  const data = settings.data;

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [form, data]);

  if (settings.isError) return <Alert type="error" showIcon message={settings.error.message} />;
  if (!data) return null;

  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showError(error);
  };
  const submit = (values: SystemSettingsDraft) =>
    save.mutate(
      {
        title: values.title.trim(),
        faviconIco: (values.faviconIco ?? '').trim(),
        sessionMinutes: values.sessionMinutes ?? 0,
        retentionDays: values.retentionDays ?? 0,
      },
      { onSuccess: onSaved, onError: refused },
    );

  return (
    <>
      <Divider style={{ margin: '8px 0 16px' }}>{t('systemSettings.organisation')}</Divider>
      <Form<SystemSettingsDraft> form={form} layout="vertical" onFinish={submit} disabled={save.isPending}>
        <Form.Item
          name="title"
          label={t('systemSettings.consoleTitle')}
          rules={[{ required: true, whitespace: true, message: t('systemSettings.titleRequired') }]}
        >
          <Input id="system-title" maxLength={Limits.ThemeTitleChars} />
        </Form.Item>
        <Form.Item name="faviconIco" label={t('systemSettings.logo')} extra={t('systemSettings.logoHint')}>
          <Input id="system-logo" />
        </Form.Item>
        <Form.Item
          name="sessionMinutes"
          label={t('systemSettings.sessionMinutes')}
          extra={t('systemSettings.sessionHint', { minutes: data.defaultSessionMinutes })}
        >
          <InputNumber id="system-session-minutes" min={0} max={Limits.SessionMinutesMax} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="retentionDays" label={t('systemSettings.retentionDays')} extra={t('systemSettings.retentionHint')}>
          <InputNumber id="system-retention-days" min={0} max={Limits.RetentionDaysMax} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" id="system-settings-save" loading={save.isPending}>
          {t('systemSettings.save')}
        </Button>
      </Form>
      <ShiftsSettings />
      <ExternalPagesSettings />
      <Divider style={{ margin: '16px 0' }}>{t('systemSettings.ezviz')}</Divider>
      <EzvizKeySection />
      <Divider style={{ margin: '16px 0' }}>{t('systemSettings.backup')}</Divider>
      {data.backup === 'sqlite' ? (
        <Flex vertical gap={8} align="start">
          <Typography.Text type="secondary">{t('systemSettings.backupHint')}</Typography.Text>
          <Button icon={<DownloadOutlined />} id="system-backup" loading={backup.isPending} onClick={() => backup.mutate()}>
            {t('systemSettings.downloadBackup')}
          </Button>
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid="system-backup-elsewhere">
          {t(data.backup === 'pg_dump' ? 'systemSettings.backupPgDump' : 'systemSettings.backupNotYours')}
        </Typography.Text>
      )}
    </>
  );
}
