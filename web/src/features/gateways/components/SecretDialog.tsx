import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/download';
import { agentConfigFileName, buildAgentToml, type AgentConfigInput } from '../model';
import { CredentialsDialog } from './CredentialsDialog';

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

/** A gateway's freshly issued secret, shown once, with the agent's configuration file to download. */
export function SecretDialog({ issued, reason, open, onClose, afterClose }: SecretDialogProps) {
  const { t } = useTranslation();

  const download = () => {
    if (!issued) return;
    saveBlob(agentConfigFileName(issued.sn), new Blob([buildAgentToml(issued)], { type: 'application/toml;charset=utf-8' }));
  };

  return (
    <CredentialsDialog
      rows={
        issued && [
          { label: t('gateways.field.sn'), value: issued.sn, copyId: 'gateway-sn-copy' },
          { label: t('gateways.secret.broker'), value: issued.broker, copyId: 'gateway-broker-copy' },
          { label: t('gateways.secret.secret'), value: issued.secret, valueId: 'gateway-secret', copyId: 'gateway-secret-copy', code: true },
        ]
      }
      title={reason === 'registered' ? t('gateways.secret.titleRegistered') : t('gateways.secret.titleRotated')}
      onceTitle={t('gateways.secret.onceTitle')}
      onceText={t('gateways.secret.onceText')}
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      testId="gateway-secret-dialog"
      closeId="gateway-secret-close"
    >
      {issued && (
        <>
          <Button id="gateway-config-download" icon={<DownloadOutlined />} onClick={download} style={{ marginTop: 16 }}>
            {t('gateways.secret.download')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('gateways.secret.downloadHint', { file: agentConfigFileName(issued.sn) })}
          </Typography.Paragraph>
        </>
      )}
    </CredentialsDialog>
  );
}
