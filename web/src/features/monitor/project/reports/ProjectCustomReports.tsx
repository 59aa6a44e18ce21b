/**
 * A project's custom reports in its monitor: the list (name, range step, columns, made), one viewed as an equipment's
 * report is (live views and generated reports, entities/reports/components/ReportPanel.tsx, read through
 * `custom/report/data/query`), and, with the manage permission, added, changed (CustomReportEditor) and deleted
 * after a confirmation. The one viewed is in the address (`?view=custom&custom=5`).
 */
import { useState } from 'react';
import { Alert, Button, Flex, Popconfirm, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Permission, hasAuth } from '@/lib/access';
import { formatBaseTime } from '@/lib/chinaTime';
import { useUser } from '@/lib/session';
import type { CustomReport } from '@/generated/answers';
import { ReportPanel } from '@/entities/reports/components/ReportPanel';
import { useCustomReports, useDeleteCustomReport } from './api';
import { CustomReportEditor } from './CustomReportEditor';
import { idParam, useSearchPatch } from './searchParam';

export function ProjectCustomReports({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const reports = useCustomReports(projectId);
  const remove = useDeleteCustomReport();
  const [search, patch] = useSearchPatch();
  const chosenId = idParam(search, 'custom');
  // undefined: the editor is closed; null: a new custom report; a report: that one.
  const [editing, setEditing] = useState<CustomReport | null | undefined>(undefined);
  const show = (id: number | null) => patch({ custom: id });

  const editor = canManage && (
    <CustomReportEditor projectId={projectId} editing={editing} onClose={() => setEditing(undefined)} onSaved={(id) => editing === null && show(id)} />
  );
  const addButton = canManage && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} id="custom-add">
      {t('reports.custom.add')}
    </Button>
  );

  if (reports.isPending) return <TabLoading testId="custom-loading" />;
  if (reports.isError) {
    return <TabError title={t('reports.custom.listFailed')} error={reports.error} onRetry={() => void reports.refetch()} testId="custom-error" />;
  }
  const list = reports.data;
  const chosen = list.find((r) => r.id === chosenId);

  if (chosen) {
    return (
      <div data-testid="custom-report">
        <ReportPanel
          kind="custom"
          report={chosen}
          equipName={projectName}
          ownerLabel={t('reports.sheet.project')}
          toolbar={
            <>
              <Button icon={<ArrowLeftOutlined />} onClick={() => show(null)} id="custom-back">
                {t('reports.custom.all')}
              </Button>
              <Select<number>
                id="report-select"
                aria-label={t('reports.choose')}
                value={chosen.id}
                onChange={show}
                style={{ minWidth: 200 }}
                popupMatchSelectWidth={false}
                showSearch
                optionFilterProp="label"
                options={list.map((r) => ({ value: r.id, label: r.name }))}
              />
            </>
          }
        />
      </div>
    );
  }

  const step = (ms: number) => {
    const minutes = ms / 60_000;
    return minutes % 60 === 0 ? t('reports.custom.hours', { count: minutes / 60 }) : t('reports.custom.minutes', { count: minutes });
  };
  const columns: ColumnsType<CustomReport> = [
    {
      title: t('reports.custom.field.name'),
      key: 'name',
      render: (_, r) => (
        <Typography.Link strong onClick={() => show(r.id)} data-testid={`custom-view-${r.id}`}>
          {r.name}
        </Typography.Link>
      ),
    },
    { title: t('reports.custom.field.period'), key: 'period', render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{step(r.periodMs)}</span> },
    { title: t('reports.custom.field.columns'), key: 'columns', render: (_, r) => r.columns.length },
    {
      title: t('reports.custom.created'),
      key: 'created',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(r.gmtCreate, 'YYYY-MM-DD HH:mm')}</span>,
    },
  ];
  if (canManage) {
    columns.push({
      title: t('reports.custom.actions'),
      key: 'actions',
      render: (_, r) => (
        <Flex gap={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`custom-edit-${r.id}`}>
            {t('reports.custom.editAction')}
          </Button>
          <Popconfirm
            title={t('reports.custom.deleteConfirm', { name: r.name })}
            okText={t('reports.custom.delete')}
            cancelText={t('reports.custom.cancel')}
            okButtonProps={{ danger: true, id: `custom-delete-ok-${r.id}` }}
            onConfirm={() => remove.mutateAsync({ id: r.id, projectId }).catch(() => undefined)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`custom-delete-${r.id}`}>
              {t('reports.custom.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    });
  }

  return (
    <Flex vertical gap={12} data-testid="custom-reports">
      {chosenId !== null && <Alert type="warning" showIcon message={t('reports.custom.notFound')} data-testid="custom-not-found" />}
      {list.length === 0 ? (
        <TabEmpty testId="custom-none" description={t('reports.custom.none')}>
          {addButton || t('reports.custom.askManager')}
        </TabEmpty>
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">{t('reports.custom.hint')}</Typography.Text>
            {addButton}
          </Flex>
          <Table<CustomReport>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            data-testid="custom-list"
          />
        </>
      )}
      {editor}
    </Flex>
  );
}
