/**
 * The devices a source has announced (its births; `''` the node's own metrics) with their metrics, each linked to the
 * equipment adopted from it or offered for adoption. Both calls need the manage permission, so without it this part
 * says why it is not shown instead of asking.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GmDevice, GmMetric, GmSource } from '@/generated/answers';
import { TabError, TabLoading } from '@/components/LoadState';
import { gmVueDetailPath } from '@/lib/paths';
import { useDiscovered } from '../api/discoveredDevices';
import { AdoptModal } from './AdoptModal';
import { canAdopt, rangeText } from './sourceModel';

export function DiscoveredDevices({ source, canManage }: { source: GmSource; canManage: boolean }) {
  const { t } = useTranslation();
  const devices = useDiscovered(source.id, canManage);
  const [adopting, setAdopting] = useState<GmDevice | null>(null);
  const [adopted, setAdopted] = useState<{ id: number; name: string } | null>(null);

  const body = !canManage ? (
    <Alert type="info" showIcon data-testid="gm-devices-no-manage" message={t('gmSource.devices.noManage')} />
  ) : devices.isLoading ? (
    <TabLoading />
  ) : !devices.data ? (
    <TabError title={t('gmSource.devices.loadFailed')} error={devices.error ?? { message: '' }} onRetry={() => void devices.refetch()} testId="gm-devices-error" />
  ) : devices.data.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gmSource.devices.empty')} data-testid="gm-devices-empty" />
  ) : (
    <Flex vertical gap={12}>
      {devices.data.map((device) => (
        <DeviceCard key={device.deviceId} device={device} onAdopt={() => setAdopting(device)} />
      ))}
    </Flex>
  );

  return (
    <Card size="small" title={t('gmSource.devices.title')} data-testid="gm-source-devices">
      <Flex vertical gap={12}>
        {adopted && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setAdopted(null)}
            data-testid="gm-adopted"
            message={t('gmSource.adopt.done', { name: adopted.name })}
            action={<Link to={gmVueDetailPath(adopted.id)}>{t('gmSource.adopt.open')}</Link>}
          />
        )}
        {body}
      </Flex>
      {adopting && (
        <AdoptModal
          source={source}
          device={adopting}
          onClose={() => setAdopting(null)}
          onAdopted={(equipment) => {
            setAdopting(null);
            setAdopted(equipment);
          }}
        />
      )}
    </Card>
  );
}

function DeviceCard({ device, onAdopt }: { device: GmDevice; onAdopt: () => void }) {
  const { t } = useTranslation();
  const testId = `gm-device-${device.deviceId || 'node'}`;
  const columns: ColumnsType<GmMetric> = [
    { title: t('gmSource.metric.name'), dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    { title: t('gmSource.metric.datatype'), dataIndex: 'datatype', key: 'datatype' },
    { title: t('gmSource.metric.unit'), dataIndex: 'unit', key: 'unit' },
    { title: t('gmSource.metric.range'), key: 'range', render: (_, metric) => rangeText(metric.engLow, metric.engHigh) },
    {
      title: t('gmSource.metric.signal'),
      key: 'signal',
      render: (_, metric) =>
        metric.signal ? <Tag color="success">{t('gmSource.metric.yes')}</Tag> : <Tag>{t('gmSource.metric.no')}</Tag>,
    },
  ];
  const adoptable = canAdopt(device);
  const action =
    device.equipId !== null ? (
      <Link to={gmVueDetailPath(device.equipId)} data-testid={`${testId}-equipment`}>
        {t('gmSource.devices.open')}
      </Link>
    ) : (
      <Tooltip title={adoptable ? undefined : t('gmSource.devices.cannotAdopt')}>
        <Button type="primary" size="small" disabled={!adoptable} onClick={onAdopt} data-testid={`${testId}-adopt`}>
          {t('gmSource.devices.adopt')}
        </Button>
      </Tooltip>
    );
  return (
    <Card
      type="inner"
      size="small"
      data-testid={testId}
      title={
        <Flex align="center" gap={8}>
          <span>{device.deviceId || t('gmSource.devices.node')}</span>
          {device.equipId !== null && <Tag color="blue">{t('gmSource.devices.adopted')}</Tag>}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('gmSource.devices.metrics', { count: device.metrics.length })}
          </Typography.Text>
        </Flex>
      }
      extra={action}
    >
      <div style={{ overflowX: 'auto' }}>
        <Table<GmMetric> size="small" rowKey="name" columns={columns} dataSource={device.metrics} pagination={false} />
      </div>
    </Card>
  );
}
