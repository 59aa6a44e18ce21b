/**
 * The equipment's repair records (spec section 2, equipment detail tabs: "repair records"): its orders, newest
 * first, opened in a drawer with their history and the steps the user may take, and "new repair order" for this
 * equipment. Viewing needs `monitor_multi_designer_repair` (spec section 6; `manage` also admits, as the server
 * does), else the spec's 'No permission to view repair orders' (1212).
 */
import { useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TabEmpty, TabError } from '@/components/LoadState';
import { CreateRepairDialog } from '@/entities/repairs/components/CreateRepairDialog';
import { RepairOrderDrawer } from '@/entities/repairs/components/RepairOrderDrawer';
import { RepairOrderList } from '@/entities/repairs/components/RepairOrderList';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { REPAIR_PAGE_SIZE, useEquipmentRepairs } from '@/entities/repairs/api';

export function RepairTab({ equipmentId, equipName, canView }: { equipmentId: number; equipName: string; canView: boolean }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const orders = useEquipmentRepairs(equipmentId, page, canView);

  if (!canView || orders.error?.code === Code.NoRepairPermission) {
    return <TabEmpty testId="repair-no-permission" description={catalogueText(Code.NoRepairPermission) ?? t('repair.noPermission')} />;
  }
  return (
    <Flex vertical gap={12} data-testid="repair-tab">
      <Flex justify="flex-end">
        <Button icon={<PlusOutlined />} size={cards ? 'large' : 'middle'} style={cards ? { minHeight: TOUCH_TARGET } : undefined} onClick={() => setCreating(true)} id="repair-tab-new">
          {t('repair.new')}
        </Button>
      </Flex>
      {orders.isError && !orders.data ? (
        <TabError title={t('repair.loadFailed')} error={orders.error} onRetry={() => void orders.refetch()} testId="repair-tab-error" />
      ) : (
        <RepairOrderList
          orders={orders.data?.list ?? []}
          loading={orders.isLoading}
          emptyText={t('repair.emptyEquipment')}
          showEquipment={false}
          onOpen={(o) => setOpened(o.id)}
          paging={{
            current: page,
            pageSize: REPAIR_PAGE_SIZE,
            total: orders.data?.total ?? 0,
            showTotal: (total) => t('repair.total', { count: total }),
            onChange: setPage,
          }}
        />
      )}
      <CreateRepairDialog open={creating} prefill={creating ? { equipmentId, equipName } : null} onClose={() => setCreating(false)} onCreated={setOpened} />
      <RepairOrderDrawer orderId={opened} linkEquipment={false} onClose={() => setOpened(null)} />
    </Flex>
  );
}
