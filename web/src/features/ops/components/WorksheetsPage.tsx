/**
 * /manage/ops/worksheet: inspection worksheets (docs/work-orders.md, the inspection half). The worksheets the user
 * sees (every equipment of the route), filtered by status, plan, "mine" and "overdue"; one opens in a drawer to fill
 * in, submit or abort. `?worksheet=<id>` opens one (a link from a message). Without `monitor_multi_designer_repair`
 * (or `manage`) the spec's 'No permission to view repair orders', as the repair screen.
 */
import { useState } from 'react';
import { Flex, Segmented, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabEmpty, TabError } from '@/components/LoadState';
import { WorksheetDrawer } from '@/entities/inspection/components/WorksheetDrawer';
import { WorksheetList } from '@/entities/inspection/components/WorksheetList';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { Permission, hasAuth } from '@/lib/access';
import { WORKSHEET_PAGE_SIZE, useInspectionPlans, useWorksheets, type WorksheetQuery } from '@/entities/inspection/api';
import { INSPECTION_STATUSES } from '@/entities/inspection/rules';
import { useCardLayout } from '@/lib/layout';
import { positiveIdOf } from '@/lib/paths';
import { canHandleRepairs } from '@/entities/repairs/rules';
import { useUser } from '@/lib/session';

export default function WorksheetsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const cards = useCardLayout();
  const [search, setSearch] = useSearchParams();
  const [query, setQuery] = useState<WorksheetQuery>({ page: 1 });
  const allowed = canHandleRepairs(user);
  const sheets = useWorksheets(query, allowed);
  const plans = useInspectionPlans(allowed && hasAuth(user, Permission.Manage));
  const opened = positiveIdOf(search.get('worksheet') ?? undefined);
  const open = (id: number | null) =>
    setSearch((current) => {
      const copy = new URLSearchParams(current);
      if (id === null) copy.delete('worksheet');
      else copy.set('worksheet', String(id));
      return copy;
    });
  if (!allowed || sheets.error?.code === Code.NoRepairPermission) {
    return <TabEmpty testId="worksheet-no-permission" description={catalogueText(Code.NoRepairPermission) ?? t('repair.noPermission')} />;
  }
  const filter = (patch: Partial<WorksheetQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));
  const size = cards ? 'large' : 'middle';
  const wide = cards ? { width: '100%' } : { width: 180 };
  return (
    <Flex vertical gap={16} data-testid="worksheets-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('route.manage.worksheet')}
      </Typography.Title>
      <Flex gap={8} wrap align="center">
        <Segmented<'all' | 'mine'>
          size={size}
          value={query.mine ? 'mine' : 'all'}
          onChange={(v) => filter({ mine: v === 'mine' || undefined })}
          options={[
            { value: 'all', label: t('inspection.filter.all') },
            { value: 'mine', label: t('inspection.filter.mine') },
          ]}
          data-testid="worksheet-mine"
        />
        <Select
          id="worksheet-status-filter"
          allowClear
          size={size}
          style={wide}
          placeholder={t('inspection.filter.allStatuses')}
          value={query.status}
          onChange={(status) => filter({ status })}
          options={INSPECTION_STATUSES.map((s) => ({ value: s, label: t(`inspection.status.${s}`) }))}
        />
        {plans.data && (
          <Select
            id="worksheet-plan-filter"
            allowClear
            size={size}
            style={cards ? wide : { width: 200 }}
            placeholder={t('inspection.filter.allPlans')}
            value={query.planId}
            onChange={(planId) => filter({ planId })}
            options={plans.data.map((p) => ({ value: p.id, label: p.name }))}
          />
        )}
        <Flex align="center" gap={8}>
          <Switch id="worksheet-overdue" checked={query.overdue ?? false} onChange={(overdue) => filter({ overdue: overdue || undefined })} />
          <label htmlFor="worksheet-overdue">{t('inspection.filter.overdue')}</label>
        </Flex>
      </Flex>
      {sheets.isError && !sheets.data ? (
        <TabError title={t('inspection.loadFailed')} error={sheets.error} onRetry={() => void sheets.refetch()} testId="worksheets-error" />
      ) : (
        <WorksheetList
          sheets={sheets.data?.list ?? []}
          loading={sheets.isLoading}
          emptyText={t('inspection.empty')}
          onOpen={(w) => open(w.id)}
          paging={{
            current: query.page,
            pageSize: WORKSHEET_PAGE_SIZE,
            total: sheets.data?.total ?? 0,
            showTotal: (total) => t('inspection.total', { count: total }),
            onChange: (page) => setQuery((q) => ({ ...q, page })),
          }}
        />
      )}
      <WorksheetDrawer worksheetId={opened} onClose={() => open(null)} />
    </Flex>
  );
}
