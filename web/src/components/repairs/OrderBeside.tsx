/**
 * The order of the spec's order routes (`MonitorEGDetailForOrder`, `MonitorEgPageForOrder`:
 * `/monitor/eg/detail/{list/:id|page/:pageId}/:orderType/:orderId`), open beside the equipment when the screen loads.
 * `orderType` `repair` is a repair order, `inspection` an inspection worksheet; nothing is opened for another type.
 * Closing it leaves the equipment as it is.
 */
import { useState } from 'react';
import { WorksheetDrawer } from '@/components/inspection/WorksheetDrawer';
import { positiveIdOf } from '@/lib/paths';
import { RepairOrderDrawer } from './RepairOrderDrawer';

export const REPAIR_ORDER_TYPE = 'repair';
export const INSPECTION_ORDER_TYPE = 'inspection';

/** The address of an order beside its equipment's detail. */
export function repairOrderPath(equipmentId: number, orderId: number): string {
  return `/monitor/eg/detail/list/${equipmentId}/${REPAIR_ORDER_TYPE}/${orderId}`;
}

/** The address of a worksheet beside the first equipment of its route. */
export function worksheetPath(equipmentId: number, worksheetId: number): string {
  return `/monitor/eg/detail/list/${equipmentId}/${INSPECTION_ORDER_TYPE}/${worksheetId}`;
}

export function OrderBeside({ orderType, orderId }: { orderType: string | undefined; orderId: string | undefined }) {
  const [closed, setClosed] = useState(false);
  const id = positiveIdOf(orderId);
  if (id === null) return null;
  if (orderType === INSPECTION_ORDER_TYPE) return <WorksheetDrawer worksheetId={closed ? null : id} beside onClose={() => setClosed(true)} />;
  if (orderType !== REPAIR_ORDER_TYPE) return null;
  return <RepairOrderDrawer orderId={closed ? null : id} beside linkEquipment={false} onClose={() => setClosed(true)} />;
}
