/**
 * /monitor/gm/ocInfo/:ocId: one collection source (a Sparkplug B edge node or a JSON device; docs/gm-equipment.md),
 * for whoever wires a device or looks for its data: its state, what its messages have been (counts, rate, problems and
 * the last bad messages with a sample), and the devices it announced with their metrics, each linked to the equipment
 * adopted from it or offered for adoption. (`/monitor/gm/ocInfo` without an id is the operating centre.)
 *
 * The source's info needs a session; the announced devices and adoption the manage permission, said in place when
 * missing. The address's id is the source's id, as the management lists link it.
 */
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Permission, hasAuth } from '@/lib/access';
import { positiveIdOf } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { useGmSource } from '../api/gmSourceInfo';
import { DiscoveredDevices } from './DiscoveredDevices';
import { SourceState } from './SourceState';
import { SourceStats } from './SourceStats';

export default function GmSourcePage() {
  const { t } = useTranslation();
  const sourceId = positiveIdOf(useParams().ocId);
  if (sourceId === null) return <TabEmpty testId="gm-source-bad-id" description={t('gmSource.badId')} />;
  return <GmSourceScreen key={sourceId} sourceId={sourceId} />;
}

function GmSourceScreen({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const source = useGmSource(sourceId);
  if (source.isLoading) return <TabLoading />;
  if (!source.data) {
    return <TabError title={t('gmSource.loadFailed')} error={source.error ?? { message: '' }} onRetry={() => void source.refetch()} testId="gm-source-error" />;
  }
  return (
    <Flex vertical gap={16} data-testid="gm-source-page">
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="gm-source-title">
        {source.data.name}
      </Typography.Title>
      <SourceState source={source.data} />
      <SourceStats sourceId={sourceId} />
      <DiscoveredDevices source={source.data} canManage={canManage} />
    </Flex>
  );
}
