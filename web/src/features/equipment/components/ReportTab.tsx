/**
 * Report tab: the equipment's report definitions, each a name, the range view's step and its columns ("signal ·
 * statistic"), defined, changed and deleted here (ReportEditor) and read in the monitor's equipment detail (its
 * Reports tab). Without the manage permission the list is shown and nothing can be changed.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBaseTime } from '@/lib/chinaTime';
import type { Report } from '@/generated/answers';
import { useReports } from '@/entities/reports/definitions';
import { useReportLabels } from '@/entities/reports/labels';
import { useDeleteReport } from '../api/deleteReport';
import { useSignals } from '../api/querySignals';
import { ReportEditor } from './ReportEditor';

export function ReportTab({ equipmentId, readOnly }: { equipmentId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const reports = useReports(equipmentId);
  const signals = useSignals(equipmentId);
  const remove = useDeleteReport();
  // undefined: the editor is closed; null: a new report; a report: that one.
  const [editing, setEditing] = useState<Report | null | undefined>(undefined);
  const signalName = new Map((signals.data ?? []).map((s) => [s.id, s.name]));

  const step = (ms: number) => {
    const minutes = ms / 60_000;
    return minutes % 60 === 0 ? t('equipment.report.hours', { count: minutes / 60 }) : t('equipment.report.minutes', { count: minutes });
  };

  const columns: ColumnsType<Report> = [
    { title: t('equipment.report.field.name'), key: 'name', render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text> },
    { title: t('equipment.report.field.period'), key: 'period', render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{step(r.periodMs)}</span> },
    {
      title: t('equipment.report.field.columns'),
      key: 'columns',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.columns.map(({ signalId: id, statistic }, i) => (
            <Tag key={i} style={{ marginInlineEnd: 0 }} color={signalName.has(id) ? undefined : 'warning'} data-testid="report-column-tag">
              {`${signalName.get(id) ?? t('equipment.report.deletedSignal', { id })} · ${labels.statistic(statistic)}`}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('equipment.column.created'),
      key: 'created',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(r.gmtCreate, 'YYYY-MM-DD HH:mm')}</span>,
    },
  ];
  if (!readOnly) {
    columns.push({
      title: t('equipment.column.actions'),
      key: 'actions',
      render: (_, r) => (
        <Flex gap={4}>
          <Button type="link" size="small" icon={<EditOutlined />} disabled={!signals.data} onClick={() => setEditing(r)} data-testid={`report-edit-${r.id}`}>
            {t('equipment.report.editAction')}
          </Button>
          <Popconfirm
            title={t('equipment.report.deleteConfirm', { name: r.name })}
            okText={t('equipment.delete.ok')}
            cancelText={t('equipment.cancel')}
            okButtonProps={{ danger: true, id: `report-delete-ok-${r.id}` }}
            onConfirm={() => remove.mutateAsync({ id: r.id, equipmentId }).catch(() => undefined)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`report-delete-${r.id}`}>
              {t('equipment.delete.action')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    });
  }

  const noSignals = signals.data?.length === 0;

  return (
    <Flex vertical gap={12} data-testid="report-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('equipment.report.hint')}</Typography.Text>
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} disabled={!signals.data || noSignals} id="report-add">
            {t('equipment.report.add')}
          </Button>
        )}
      </Flex>
      {noSignals && !readOnly && <Alert type="info" showIcon message={t('equipment.report.needSignals')} />}
      {reports.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('equipment.report.loadFailed')}
          description={reports.error.message}
          action={
            <Button size="small" onClick={() => void reports.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<Report>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={reports.data ?? []}
          loading={reports.isLoading}
          locale={{ emptyText: t('equipment.report.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
      {!readOnly && (
        <ReportEditor equipmentId={equipmentId} signals={signals.data ?? []} editing={editing} onClose={() => setEditing(undefined)} />
      )}
    </Flex>
  );
}
