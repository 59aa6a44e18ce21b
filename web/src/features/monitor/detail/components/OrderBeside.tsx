/**
 * The order of the spec's order routes (`MonitorEGDetailForOrder`, `MonitorEgPageForOrder`:
 * `/monitor/eg/detail/{list/:id|page/:pageId}/:orderType/:orderId`), open beside the equipment when the screen loads.
 * `orderType` `repair` is a repair order, `inspection` an inspection worksheet; nothing is opened for another type.
 * Closing it leaves the equipment as it is.
 */
import { useState } from 'react';
import { WorksheetDrawer } from '@/entities/inspection/components/WorksheetDrawer';
import { INSPECTION_ORDER_TYPE, REPAIR_ORDER_TYPE, positiveIdOf } from '@/lib/paths';
import { RepairOrderDrawer } from '@/entities/repairs/components/RepairOrderDrawer';

export function OrderBeside({ orderType, orderId }: { orderType: string | undefined; orderId: string | undefined }) {
  const [closed, setClosed] = useState(false);
  const id = positiveIdOf(orderId);
  if (id === null) return null;
  if (orderType === INSPECTION_ORDER_TYPE) return <WorksheetDrawer worksheetId={closed ? null : id} beside onClose={() => setClosed(true)} />;
  if (orderType !== REPAIR_ORDER_TYPE) return null;
  return <RepairOrderDrawer orderId={closed ? null : id} beside linkEquipment={false} onClose={() => setClosed(true)} />;
}
