/**
 * Share settings with a QR code (spec section 2, "Further screens"), opened from the equipment edit page and
 * loaded only then: whether the equipment is shared, what a visitor may do (view only, or view and control), the
 * visitor password (set or changed, never shown: the server keeps only its hash and answers whether one is set),
 * and a QR code of the absolute address of the equipment's public share page (/share/{id}, docs/share.md), with
 * copy and PNG download.
 *
 * Each control is one call (share/model.ts says which); only users with the manage permission can change them,
 * the others see them disabled (the server refuses anyway, 1011). The address and QR code are for everyone.
 */
import { useRef } from 'react';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  QRCode,
  Radio,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
  message,
} from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { copyText } from '@/lib/clipboard';
import { saveBlob } from '@/lib/download';
import { useEditShareAuth } from '../api/editShareAuth';
import { useEditSharePassword } from '../api/editSharePassword';
import { useShareInfo } from '../api/shareInfo';
import { refusedField } from '@/lib/api/fieldErrors';
import {
  SHARE_AUTHS,
  SHARE_PASSWORD,
  authorityCall,
  qrFileName,
  shareLink,
  sharePasswordProblem,
  switchCall,
  type ShareInfo,
} from '../share/model';

export interface ShareDrawerProps {
  equipment: { id: number; equipName: string };
  /** The user has the manage permission: the settings can be changed. */
  canManage: boolean;
  open: boolean;
  onClose: () => void;
}

/** White margin (in QR modules' worth of pixels) around the downloaded code, so scanners find its edge. */
const QR_MARGIN = 16;
const QR_SIZE = 176;

export default function ShareDrawer({ equipment, canManage, open, onClose }: ShareDrawerProps) {
  const { t } = useTranslation();
  const info = useShareInfo(equipment.id);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('equipment.share.title', { name: equipment.equipName })}
      width={460}
      destroyOnHidden
      data-testid="share-drawer"
      rootClassName="share-drawer"
    >
      {info.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="share-load-error"
          message={t('equipment.share.loadFailed')}
          description={info.error.message}
          action={
            <Button size="small" onClick={() => void info.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : info.data ? (
        <ShareSettings info={info.data} equipment={equipment} canManage={canManage} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}

function ShareSettings({ info, equipment, canManage }: { info: ShareInfo; equipment: ShareDrawerProps['equipment']; canManage: boolean }) {
  const { t } = useTranslation();
  const [messageApi, holder] = message.useMessage();
  const editAuth = useEditShareAuth();
  const editPassword = useEditSharePassword();
  const [form] = Form.useForm<{ password: string }>();
  const qr = useRef<HTMLDivElement>(null);
  const link = shareLink(window.location.origin, equipment.id);

  const setEnabled = (enabled: boolean) =>
    editAuth.mutate(switchCall(info, enabled), {
      onSuccess: () => void messageApi.success(enabled ? t('equipment.share.turnedOn') : t('equipment.share.turnedOff')),
    });
  const setAuthority = (auth: ShareInfo['auth']) =>
    editAuth.mutate(authorityCall(info, auth), { onSuccess: () => void messageApi.success(t('equipment.share.authSaved')) });

  const submitPassword = ({ password }: { password: string }) =>
    editPassword.mutate(
      { equipId: info.equipId, password },
      {
        onSuccess: () => {
          form.resetFields();
          void messageApi.success(t('equipment.share.passwordSaved'));
        },
        onError: (error) => {
          if (refusedField(error) === 'password') form.setFields([{ name: 'password', errors: [error.message] }]);
          else showError(error);
        },
      },
    );

  const copy = async () => {
    if (await copyText(link)) void messageApi.success(t('equipment.share.copied'));
    else void messageApi.error(t('equipment.share.copyFailed'));
  };

  const download = () => {
    const canvas = qr.current?.querySelector('canvas');
    if (!canvas) return;
    // The code on a white square with a quiet zone: the drawn one has neither (its frame is CSS).
    const out = document.createElement('canvas');
    const margin = Math.round((canvas.width * QR_MARGIN) / QR_SIZE);
    out.width = canvas.width + 2 * margin;
    out.height = canvas.height + 2 * margin;
    const context = out.getContext('2d');
    if (!context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, out.width, out.height);
    context.drawImage(canvas, margin, margin);
    out.toBlob((blob) => {
      if (blob) saveBlob(qrFileName(equipment.equipName, equipment.id), blob);
      else void messageApi.error(t('equipment.share.downloadFailed'));
    }, 'image/png');
  };

  const passwordRule = {
    validator: (_: unknown, value: unknown) => {
      const problem = sharePasswordProblem(typeof value === 'string' ? value : '');
      return problem ? Promise.reject(new Error(t(`equipment.share.password.${problem}`, SHARE_PASSWORD))) : Promise.resolve();
    },
  };

  return (
    <Flex vertical gap={4} data-testid="share-settings" data-enabled={info.enabled} data-auth={info.auth} data-has-password={info.hasPassword}>
      {holder}
      {!canManage && (
        <Alert type="info" showIcon data-testid="share-read-only" message={t('equipment.share.readOnly')} style={{ marginBottom: 12 }} />
      )}

      <Flex justify="space-between" align="center" gap={12}>
        <Flex vertical>
          <Typography.Text strong>
            <label htmlFor="share-enabled">{t('equipment.share.enabled')}</label>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="share-state">
            {info.enabled ? t('equipment.share.stateOn') : t('equipment.share.stateOff')}
          </Typography.Text>
        </Flex>
        <Switch
          id="share-enabled"
          checked={info.enabled}
          loading={editAuth.isPending && editAuth.variables?.enabled !== undefined}
          disabled={!canManage || editAuth.isPending}
          onChange={setEnabled}
        />
      </Flex>

      <Divider style={{ margin: '12px 0' }} />

      <Typography.Text strong id="share-auth-label">
        {t('equipment.share.auth.label')}
      </Typography.Text>
      <Radio.Group
        id="share-auth"
        aria-labelledby="share-auth-label"
        value={info.auth}
        disabled={!canManage || editAuth.isPending}
        onChange={(event) => setAuthority(event.target.value as ShareInfo['auth'])}
        style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}
      >
        {SHARE_AUTHS.map((auth) => (
          <Radio key={auth} value={auth} data-testid={`share-auth-${auth}`}>
            <span>{t(`equipment.share.auth.${auth}`)}</span>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t(`equipment.share.auth.${auth}Hint`)}
            </Typography.Text>
          </Radio>
        ))}
      </Radio.Group>

      <Divider style={{ margin: '12px 0' }} />

      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{t('equipment.share.password.label')}</Typography.Text>
        <Tag color={info.hasPassword ? 'success' : 'default'} data-testid="share-password-state" style={{ marginInlineEnd: 0 }}>
          {info.hasPassword ? t('equipment.share.password.set') : t('equipment.share.password.notSet')}
        </Tag>
      </Flex>
      <Form<{ password: string }>
        form={form}
        layout="vertical"
        onFinish={submitPassword}
        disabled={!canManage || editPassword.isPending}
        requiredMark={false}
        style={{ marginTop: 8 }}
      >
        <Form.Item extra={t('equipment.share.password.hint', SHARE_PASSWORD)} style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            {/* noStyle: the field's errors show on the item around the field and its button. */}
            <Form.Item name="password" noStyle rules={[passwordRule]}>
              <Input.Password
                id="share-password"
                autoComplete="new-password"
                maxLength={SHARE_PASSWORD.max}
                placeholder={info.hasPassword ? t('equipment.share.password.newPlaceholder') : t('equipment.share.password.placeholder')}
                aria-label={t('equipment.share.password.label')}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" id="share-password-save" loading={editPassword.isPending}>
              {info.hasPassword ? t('equipment.share.password.change') : t('equipment.share.password.save')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>

      <Divider style={{ margin: '12px 0' }} />

      <Typography.Text strong>{t('equipment.share.qr.title')}</Typography.Text>
      <Flex vertical align="center" gap={12} style={{ marginTop: 8 }}>
        <div ref={qr}>
          <QRCode
            value={link}
            size={QR_SIZE}
            color="#000000"
            bgColor="#ffffff"
            errorLevel="M"
            data-testid="share-qr"
            status={info.enabled ? 'active' : 'expired'}
            statusRender={() => (
              <Typography.Text type="secondary" style={{ padding: 12, textAlign: 'center' }}>
                {t('equipment.share.qr.off')}
              </Typography.Text>
            )}
          />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('equipment.share.qr.hint')}
        </Typography.Text>
        <Input readOnly value={link} id="share-link" aria-label={t('equipment.share.qr.link')} onFocus={(event) => event.target.select()} />
        <Space wrap>
          <Button id="share-copy" icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('equipment.share.qr.copy')}
          </Button>
          <Button id="share-download" icon={<DownloadOutlined />} onClick={download}>
            {t('equipment.share.qr.download')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
