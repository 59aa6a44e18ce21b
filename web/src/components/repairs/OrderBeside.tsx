/**
 * The order of the spec's order routes (`MonitorEGDetailForOrder`, `MonitorEgPageForOrder`:
 * `/monitor/eg/detail/{list/:id|page/:pageId}/:orderType/:orderId`), open beside the equipment when the screen loads.
 * `orderType` `repair` is a repair order; inspection orders come with the inspection screens (nothing is opened for
 * another type). Closing it leaves the equipment as it is.
 */
import { useState } from 'react';
import { positiveIdOf } from '@/lib/paths';
import { RepairOrderDrawer } from './RepairOrderDrawer';

export const REPAIR_ORDER_TYPE = 'repair';

/** The address of an order beside its equipment's detail. */
export function repairOrderPath(equipmentId: number, orderId: number): string {
  return `/monitor/eg/detail/list/${equipmentId}/${REPAIR_ORDER_TYPE}/${orderId}`;
}

export function OrderBeside({ orderType, orderId }: { orderType: string | undefined; orderId: string | undefined }) {
  const [closed, setClosed] = useState(false);
  const id = orderType === REPAIR_ORDER_TYPE ? positiveIdOf(orderId) : null;
  if (id === null) return null;
  return <RepairOrderDrawer orderId={closed ? null : id} beside linkEquipment={false} onClose={() => setClosed(true)} />;
}
