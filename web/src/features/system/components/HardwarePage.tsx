/**
 * /manage/system/hardware: the gateway models and firmware versions in use in the organisation, with how many
 * gateways run each and how many of those are online, as the gateways reported them. Read-only.
 */
import { Button, Flex, Progress, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useHardware } from '../api/hardware';
import type { Hardware } from '../model';
import { LoadFailed } from './LoadFailed';

export default function HardwarePage() {
  const { t } = useTranslation();
  const hardware = useHardware();
  const rows = hardware.data ?? [];
  const totals = rows.reduce((sum, row) => ({ gateways: sum.gateways + row.gateways, online: sum.online + row.online }), {
    gateways: 0,
    online: 0,
  });

  const unknown = (text: string) => text || <Typography.Text type="secondary">{t('system.hardware.unknown')}</Typography.Text>;

  const columns: ColumnsType<Hardware> = [
    { title: t('system.hardware.column.model'), key: 'model', render: (_, row) => unknown(row.model) },
    { title: t('system.hardware.column.firmware'), key: 'firmware', render: (_, row) => unknown(row.firmware) },
    { title: t('system.hardware.column.gateways'), dataIndex: 'gateways', key: 'gateways', align: 'right' },
    {
      title: t('system.hardware.column.online'),
      key: 'online',
      render: (_, row) => (
        <Flex align="center" gap={8} style={{ minWidth: 180 }}>
          <Progress
            percent={row.gateways ? Math.round((row.online / row.gateways) * 100) : 0}
            showInfo={false}
            size="small"
            style={{ width: 100, margin: 0 }}
          />
          <span data-testid="system-hardware-online">{t('system.hardware.onlineOf', { online: row.online, total: row.gateways })}</span>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="system-hardware-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('route.manage.hardware')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('system.hardware.intro')}</Typography.Text>
        </Flex>
        <Tooltip title={t('system.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('system.refresh')}
            loading={hardware.isFetching && !hardware.isLoading}
            onClick={() => void hardware.refetch()}
          />
        </Tooltip>
      </Flex>
      {hardware.isError && (
        <LoadFailed error={hardware.error} onRetry={() => void hardware.refetch()} testId="system-hardware-error" />
      )}
      {!(hardware.isError && !hardware.data) && (
        <div style={{ overflowX: 'auto' }}>
          <Table<Hardware>
            rowKey={(row) => `${row.model}\u0000${row.firmware}`}
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={hardware.isLoading}
            pagination={false}
            locale={{ emptyText: t('system.hardware.empty') }}
            summary={() =>
              rows.length > 1 ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <Typography.Text strong>{t('system.hardware.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <Typography.Text strong>{totals.gateways}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3}>
                    {t('system.hardware.onlineOf', { online: totals.online, total: totals.gateways })}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
        </div>
      )}
    </Flex>
  );
}
