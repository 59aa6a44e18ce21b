/** A collection source's state: kind, name, where it lives on the broker, its user name, presence, last sign of life, registration. */
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GmSource } from '@/generated/answers';
import { GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';
import { formatBaseTime } from '@/lib/chinaTime';
import { GmAddressCell } from '../components/GmAddressCell';
import { LastSeenCell } from '../components/TimeCells';
import { listKindOf } from './sourceModel';

export function SourceState({ source }: { source: GmSource }) {
  const { t } = useTranslation();
  const kind = listKindOf(source);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="gm-source-state">
      <Descriptions.Item label={t('gmSource.kind.label')}>
        <Tag color={kind === 'node' ? 'geekblue' : 'cyan'} data-testid="gm-source-kind">
          {t(`gmSource.kind.${kind}`)}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('gmSources.field.name')}>{source.name}</Descriptions.Item>
      <Descriptions.Item label={t(`gmSources.${kind}.address`)}>
        <GmAddressCell kind={kind} source={source} />
      </Descriptions.Item>
      <Descriptions.Item label={t('gmSources.column.username')}>
        <Typography.Text code copyable={{ text: source.username }}>
          {source.username}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('gmSources.column.state')}>
        <GatewayPresenceTag gateway={source} testId="gm-source-presence" unknownHint={t('gmSources.unknownHint')} />
      </Descriptions.Item>
      <Descriptions.Item label={t('gmSources.column.lastSeen')}>
        <LastSeenCell ms={source.lastSeenMs} testId="gm-source-last-seen" />
      </Descriptions.Item>
      <Descriptions.Item label={t('gmSource.created')}>
        <span data-testid="gm-source-created">{formatBaseTime(source.gmtCreate)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
