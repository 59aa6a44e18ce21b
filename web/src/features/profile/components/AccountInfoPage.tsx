/**
 * /account/info/sms and /account/info/nosms: the caller's basic profile (docs/account.md). Every account edits its
 * own name, contact and department; the e-mail address is set by the security set-up, and so is the phone number
 * in the `sms` variant (a deployment with an SMS provider proves it by a code), while the `nosms` variant edits it
 * here. The avatar is checked in the browser as the server would (ico, jpg, png, gif, svg under 100 KiB) and shown
 * in the header's user menu.
 */
import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, Flex, Form, Input, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { TabError, TabLoading } from '@/components/LoadState';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import type { Profile } from '@/generated/answers';
import { useSecurityState } from '@/entities/account/security';
import { useProfile, useSaveProfile, useUploadAvatar } from '../api/profile';
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_KIB,
  AVATAR_TYPE_NAMES,
  NAME_MAX,
  TEXT_MAX,
  avatarFileProblem,
  infoPath,
  textProblem,
} from '../model';

/** Where the phone number and the e-mail address are set when this screen does not edit them. */
export const SECURITY_SETUP_PATH = '/account/security/sms/setup';

const FIELDS = ['realName', 'contact', 'department', 'tel'] as const;
type Values = { realName: string; contact: string; department: string; tel: string };

export default function AccountInfoPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useProfile();
  // The variant is the deployment's (an SMS provider or not), whichever of the two addresses was opened.
  const security = useSecurityState();
  const wanted = security.data ? infoPath(security.data.smsAvailable) : undefined;
  if (wanted && pathname !== wanted) return <Navigate to={wanted} replace />;
  const failed = profile.error ?? security.error;
  return (
    <Flex vertical gap={16} data-testid="account-info-page" style={{ maxWidth: 640 }}>
      <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{t('route.account.info')}</h4>
      {profile.data && security.data ? (
        <ProfileForm profile={profile.data} sms={security.data.smsAvailable} />
      ) : failed ? (
        <TabError
          title={t('profile.loadFailed')}
          error={failed}
          onRetry={() => void (profile.error ? profile.refetch() : security.refetch())}
        />
      ) : (
        <TabLoading />
      )}
    </Flex>
  );
}

function ProfileForm({ profile, sms }: { profile: Profile; sms: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const save = useSaveProfile();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ realName: profile.realName, contact: profile.contact, department: profile.department, tel: profile.tel });
  }, [form, profile]);

  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showError(error);
  };
  const submit = (values: Values) => {
    setSaved(false);
    const draft = { realName: values.realName ?? '', contact: values.contact ?? '', department: values.department ?? '' };
    save.mutate(sms ? draft : { ...draft, tel: values.tel ?? '' }, { onSuccess: () => setSaved(true), onError: refused });
  };
  const rule = (max: number) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const problem = textProblem(value, max);
      if (problem) throw new Error(t(`profile.validation.${problem}`, { max }));
    },
  });

  return (
    <Card>
      <AvatarUpload avatar={profile.avatar} />
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={save.isPending} style={{ marginTop: 16 }}>
        <Form.Item label={t('profile.field.loginname')}>
          <Typography.Text strong data-testid="account-loginname">
            {profile.loginname}
          </Typography.Text>
        </Form.Item>
        <Form.Item name="realName" label={t('profile.field.realName')} rules={[rule(NAME_MAX)]}>
          <Input id="account-real-name" maxLength={NAME_MAX * 2} />
        </Form.Item>
        <Form.Item name="contact" label={t('profile.field.contact')} rules={[rule(TEXT_MAX)]}>
          <Input id="account-contact" />
        </Form.Item>
        <Form.Item name="department" label={t('profile.field.department')} rules={[rule(TEXT_MAX)]}>
          <Input id="account-department" />
        </Form.Item>
        {sms ? (
          <SetUpElsewhere label={t('profile.field.tel')} value={profile.tel} />
        ) : (
          <Form.Item name="tel" label={t('profile.field.tel')} extra={t('profile.telHint')}>
            <Input id="account-tel" />
          </Form.Item>
        )}
        <SetUpElsewhere label={t('profile.field.email')} value={profile.email} />
        <Flex gap={12} align="center">
          <Button type="primary" htmlType="submit" id="account-save" loading={save.isPending}>
            {t('profile.save')}
          </Button>
          {saved && (
            <Typography.Text type="success" data-testid="account-saved">
              {t('profile.saved')}
            </Typography.Text>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

/** A value set by the security set-up: shown, with the way there. */
function SetUpElsewhere({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label}>
      <Flex gap={12} align="center" wrap>
        <Typography.Text>{value || t('profile.notSet')}</Typography.Text>
        <Link to={SECURITY_SETUP_PATH}>{t('profile.changeInSecurity')}</Link>
      </Flex>
    </Form.Item>
  );
}

function AvatarUpload({ avatar }: { avatar: string }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File) => {
    const refused = avatarFileProblem(file);
    if (refused) {
      setProblem(t(refused === 'type' ? 'profile.avatar.badType' : 'profile.avatar.tooLarge', { max: AVATAR_MAX_KIB }));
      return false;
    }
    setProblem(null);
    upload.mutate(file, { onError: (error) => setProblem(error.message) });
    return false; // the upload is ours, not antd's
  };
  return (
    <Flex gap={16} align="center" wrap data-testid="account-avatar">
      <Avatar size={72} src={avatar || undefined} icon={avatar ? undefined : <UserOutlined />} alt={t('profile.avatar.alt')} />
      <Flex vertical gap={4}>
        <Upload accept={AVATAR_EXTENSIONS.join(',')} showUploadList={false} beforeUpload={choose} disabled={upload.isPending}>
          <Button icon={<UploadOutlined />} loading={upload.isPending} id="account-avatar-upload">
            {avatar ? t('profile.avatar.replace') : t('profile.avatar.choose')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('profile.avatar.hint', { types: AVATAR_TYPE_NAMES.join(', '), max: AVATAR_MAX_KIB })}
        </Typography.Text>
      </Flex>
      {problem && <Alert type="error" showIcon message={problem} data-testid="account-avatar-error" style={{ flexBasis: '100%' }} />}
    </Flex>
  );
}
