import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GmKind, GmSource } from '../gmModel';

/** Where a source lives on the broker: a node's group id and node id, or a JSON device's topic prefix. */
export function GmAddressCell({ kind, source }: { kind: GmKind; source: GmSource }) {
  const { t } = useTranslation();
  if (kind === 'json') {
    return (
      <Typography.Text code data-testid="gm-address" style={{ wordBreak: 'break-all' }}>
        {source.topicPrefix}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical data-testid="gm-address">
      <span>
        <Typography.Text type="secondary">{t('gmSources.labelled', { label: t('gmSources.field.groupId') })}</Typography.Text>
        {source.groupId}
      </span>
      <span>
        <Typography.Text type="secondary">{t('gmSources.labelled', { label: t('gmSources.field.nodeId') })}</Typography.Text>
        {source.nodeId}
      </span>
    </Flex>
  );
}
