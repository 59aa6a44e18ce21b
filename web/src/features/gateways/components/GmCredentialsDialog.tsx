import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { gmTopics, type IssuedGmCredentials } from '../gmModel';
import { CredentialsDialog, LABEL_WIDTH } from './CredentialsDialog';

interface GmCredentialsDialogProps {
  /** The identity as issued, with the source's kind and address; null when there is none. */
  issued: IssuedGmCredentials | null;
  reason: 'registered' | 'rotated';
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * An edge node's or a JSON device's identity, shown once: the user name (also the client id), the secret and the
 * broker, each to copy, and the topics the broker lets it use (crates/broker/src/acl.rs).
 */
export function GmCredentialsDialog({ issued, reason, open, onClose, afterClose }: GmCredentialsDialogProps) {
  const { t } = useTranslation();
  const topics = issued && gmTopics(issued.kind, issued.address);
  const topicList = (list: string[], testId: string) => (
    <Flex vertical gap={2} data-testid={testId}>
      {list.map((topic) => (
        <Typography.Text key={topic} code copyable={{ text: topic }} style={{ wordBreak: 'break-all' }}>
          {topic}
        </Typography.Text>
      ))}
    </Flex>
  );

  return (
    <CredentialsDialog
      rows={
        issued && [
          { label: t('gmSources.credentials.username'), value: issued.username, valueId: 'gm-username', copyId: 'gm-username-copy', code: true },
          { label: t('gmSources.credentials.secret'), value: issued.secret, valueId: 'gm-secret', copyId: 'gm-secret-copy', code: true },
          { label: t('gmSources.credentials.broker'), value: issued.broker, valueId: 'gm-broker', copyId: 'gm-broker-copy' },
        ]
      }
      title={issued && reason === 'registered' ? t(`gmSources.${issued.kind}.registered`) : t('gmSources.credentials.rotated')}
      onceTitle={t('gateways.secret.onceTitle')}
      onceText={t('gmSources.credentials.onceText')}
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      testId="gm-credentials-dialog"
      closeId="gm-credentials-close"
    >
      {issued && topics && (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 8px' }}>
            {t(`gmSources.credentials.topicsHint.${issued.kind}`)}
          </Typography.Paragraph>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: LABEL_WIDTH } }}>
            <Descriptions.Item label={t('gmSources.credentials.publish')}>{topicList(topics.publish, 'gm-topics-publish')}</Descriptions.Item>
            <Descriptions.Item label={t('gmSources.credentials.subscribe')}>{topicList(topics.subscribe, 'gm-topics-subscribe')}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </CredentialsDialog>
  );
}
