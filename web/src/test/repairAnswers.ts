/** Repair orders as the server answers them, for component tests (the shape of crates/server/src/answers/repair.rs). */
import type { RepairOrder, RepairOrderDetail } from '@/generated/answers';

export function repairOrder(patch: Partial<RepairOrder> = {}): RepairOrder {
  return {
    id: 5,
    number: 'WX202611260001',
    equipmentId: 7,
    equipName: '1# Pump station',
    alarmId: null,
    signalTitle: '',
    description: '出口法兰漏水',
    status: 'pending',
    creatorId: 1,
    creatorName: 'operator1',
    repairerId: null,
    repairerName: null,
    content: '',
    gmtCreate: Date.UTC(2026, 10, 26, 2, 0, 0),
    gmtUpdate: Date.UTC(2026, 10, 26, 2, 0, 0),
    ...patch,
  };
}

export function repairDetail(order: RepairOrder): RepairOrderDetail {
  return {
    order,
    steps: [
      { id: 1, userId: 1, userName: 'operator1', action: 'create', fromStatus: '', toStatus: 'pending', remark: '', gmtCreate: order.gmtCreate, assigneeName: null },
    ],
    pictures: [],
  };
}
