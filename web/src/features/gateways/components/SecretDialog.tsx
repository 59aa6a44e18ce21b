import { Alert, Button, Descriptions, Modal, Space, Typography, message } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { saveBlob } from '@/lib/download';
import { agentConfigFileName, buildAgentToml, type AgentConfigInput } from '../model';

interface SecretDialogProps {
  /** The secret to show, with what the agent configuration needs; null when there is none. */
  issued: AgentConfigInput | null;
  /** Why a secret was issued: a new registration or a rotation. */
  reason: 'registered' | 'rotated';
  open: boolean;
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose: () => void;
}

/**
 * Shows a freshly issued secret, the only time it is ever visible: the server keeps only its hash. Offers a copy
 * and the agent's configuration file; closing needs an explicit click (no closing by the mask or Escape).
 */
export function SecretDialog({ issued, reason, open, onClose, afterClose }: SecretDialogProps) {
  const { t } = useTranslation();
  const [messageApi, holder] = message.useMessage();

  const copy = async () => {
    if (!issued) return;
    if (await copyText(issued.secret)) void messageApi.success(t('gateways.secret.copied'));
    else void messageApi.error(t('gateways.secret.copyFailed'));
  };

  const download = () => {
    if (!issued) return;
    saveBlob(agentConfigFileName(issued.sn), new Blob([buildAgentToml(issued)], { type: 'application/toml;charset=utf-8' }));
  };

  return (
    <Modal
      open={open && issued !== null}
      afterClose={afterClose}
      title={reason === 'registered' ? t('gateways.secret.titleRegistered') : t('gateways.secret.titleRotated')}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      width={600}
      destroyOnHidden
      footer={
        <Button type="primary" id="gateway-secret-close" onClick={onClose}>
          {t('gateways.secret.close')}
        </Button>
      }
    >
      {holder}
      {issued && (
        <div data-testid="gateway-secret-dialog">
          <Alert
            type="warning"
            showIcon
            message={t('gateways.secret.onceTitle')}
            description={t('gateways.secret.onceText')}
            style={{ marginBottom: 16 }}
          />
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={t('gateways.field.sn')}>{issued.sn}</Descriptions.Item>
            <Descriptions.Item label={t('gateways.secret.broker')}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{issued.broker}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('gateways.secret.secret')}>
              <Typography.Text code id="gateway-secret" style={{ wordBreak: 'break-all' }}>
                {issued.secret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Space wrap style={{ marginTop: 16 }}>
            <Button id="gateway-secret-copy" icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('gateways.secret.copy')}
            </Button>
            <Button id="gateway-config-download" icon={<DownloadOutlined />} onClick={download}>
              {t('gateways.secret.download')}
            </Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('gateways.secret.downloadHint', { file: agentConfigFileName(issued.sn) })}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
