/**
 * /manage/ops/repairs: repair orders (docs/work-orders.md). The orders the user sees, filtered by status, equipment,
 * a keyword (number or description) and "mine" (created by me, assigned to me); "new repair order"; an order opens
 * in a drawer with its history, pictures and the buttons the user may press. `?order=<id>` opens one (a link from a
 * message). Without `monitor_multi_designer_repair` (or `manage`) the spec's 'No permission to view repair orders'.
 */
import { useState } from 'react';
import { Button, Flex, Input, Segmented, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabEmpty, TabError } from '@/components/LoadState';
import { CreateRepairDialog } from '@/entities/repairs/components/CreateRepairDialog';
import { RepairOrderDrawer } from '@/entities/repairs/components/RepairOrderDrawer';
import { RepairOrderList } from '@/entities/repairs/components/RepairOrderList';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { Limits } from '@/lib/api/limits';
import { useEquipmentOptions } from '@/entities/equipment/options';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { positiveIdOf } from '@/lib/paths';
import { REPAIR_PAGE_SIZE, useRepairOrders, type RepairQuery } from '@/entities/repairs/api';
import { REPAIR_STATUSES, canHandleRepairs } from '@/entities/repairs/rules';
import { useUser } from '@/lib/session';

type Mine = 'all' | 'created' | 'assigned';

export default function RepairsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const cards = useCardLayout();
  const [search, setSearch] = useSearchParams();
  const [query, setQuery] = useState<RepairQuery>({ page: 1 });
  const [creating, setCreating] = useState(false);
  const allowed = canHandleRepairs(user);
  const orders = useRepairOrders(query, allowed);
  const equipment = useEquipmentOptions(allowed);
  const opened = positiveIdOf(search.get('order') ?? undefined);
  const open = (id: number | null) =>
    setSearch((current) => {
      const copy = new URLSearchParams(current);
      if (id === null) copy.delete('order');
      else copy.set('order', String(id));
      return copy;
    });

  if (!allowed || orders.error?.code === Code.NoRepairPermission) {
    return <TabEmpty testId="repair-no-permission" description={catalogueText(Code.NoRepairPermission) ?? t('repair.noPermission')} />;
  }
  const filter = (patch: Partial<RepairQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));
  const size = cards ? 'large' : 'middle';
  const wide = cards ? { width: '100%' } : { width: 180 };

  return (
    <Flex vertical gap={16} data-testid="repairs-page">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.repairs')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} size={size} style={cards ? { minHeight: TOUCH_TARGET } : undefined} onClick={() => setCreating(true)} id="repair-new">
          {t('repair.new')}
        </Button>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Segmented<Mine>
          size={size}
          value={query.mine ?? 'all'}
          onChange={(mine) => filter({ mine: mine === 'all' ? undefined : mine })}
          options={(['all', 'created', 'assigned'] as const).map((m) => ({ value: m, label: t(`repair.filter.${m}`) }))}
          data-testid="repair-mine"
        />
        <Select
          id="repair-status-filter"
          allowClear
          size={size}
          style={wide}
          placeholder={t('repair.filter.allStatuses')}
          value={query.status}
          onChange={(status) => filter({ status })}
          options={REPAIR_STATUSES.map((s) => ({ value: s, label: t(`repair.status.${s}`) }))}
        />
        <Select
          id="repair-equipment-filter"
          allowClear
          showSearch
          optionFilterProp="label"
          size={size}
          style={cards ? wide : { width: 200 }}
          placeholder={t('repair.filter.allEquipment')}
          value={query.equipmentId}
          onChange={(equipmentId) => filter({ equipmentId })}
          options={(equipment.data ?? []).map((e) => ({ value: e.id, label: e.equipName }))}
        />
        <Input.Search
          id="repair-keyword"
          allowClear
          size={size}
          style={cards ? wide : { width: 240 }}
          maxLength={Limits.SearchKeywordChars}
          placeholder={t('repair.filter.keyword')}
          onSearch={(keyword) => filter({ keyword: keyword.trim() || undefined })}
        />
      </Flex>
      {orders.isError && !orders.data ? (
        <TabError title={t('repair.loadFailed')} error={orders.error} onRetry={() => void orders.refetch()} testId="repairs-error" />
      ) : (
        <RepairOrderList
          orders={orders.data?.list ?? []}
          loading={orders.isLoading}
          emptyText={t('repair.empty')}
          onOpen={(o) => open(o.id)}
          paging={{
            current: query.page,
            pageSize: REPAIR_PAGE_SIZE,
            total: orders.data?.total ?? 0,
            showTotal: (total) => t('repair.total', { count: total }),
            onChange: (page) => setQuery((q) => ({ ...q, page })),
          }}
        />
      )}
      <CreateRepairDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => open(id)} />
      <RepairOrderDrawer orderId={opened} onClose={() => open(null)} />
    </Flex>
  );
}
