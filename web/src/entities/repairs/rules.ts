/**
 * Who may take which step of a repair order (docs/work-orders.md). The table is the server's own
 * (crates/domain/src/repair.rs `STEPS`), generated into contract.json (`repairSteps`): the buttons a screen shows are
 * exactly the steps the server accepts, and a step changed there changes them here with `make generate`.
 */
import contract from '@/generated/contract.json';
import { Permission, hasAuth } from '@/lib/access';
import type { RepairOrder } from '@/generated/answers';

export type RepairStatus = RepairOrder['status'];
export type RepairAction = 'dispatch' | 'redispatch' | 'receive' | 'finish' | 'earlyFinish' | 'attach';
export type RepairRole = 'dispatcher' | 'repairer';

export interface RepairStep {
  action: RepairAction;
  from: RepairStatus;
  to: RepairStatus;
  by: RepairRole;
  /** The parameter the step requires: `repairerId`, `content` or `remark`. */
  requires: string | null;
}

export const REPAIR_STEPS = contract.repairSteps as readonly RepairStep[];

/** Every status, in the order an order passes them. */
export const REPAIR_STATUSES: readonly RepairStatus[] = ['pending', 'dispatched', 'received', 'finished', 'early-finish'];

export function isRepairStatus(value: unknown): value is RepairStatus {
  return typeof value === 'string' && (REPAIR_STATUSES as readonly string[]).includes(value);
}

/** Who is looking: the user info's id and permission codes. */
export interface RepairViewer {
  /** The user info's id (a number, or its text). */
  userId: number | string;
  auths?: readonly string[] | null;
}

/** May see and handle repair orders at all (the server's `Access::Repair`): the spec's permission, or `manage`. */
export function canHandleRepairs(user: RepairViewer | null | undefined): boolean {
  return hasAuth(user, Permission.MultiDesignerRepair) || hasAuth(user, Permission.Manage);
}

/** The roles `user` holds on `order`: dispatcher as its creator or a `manage` holder, repairer as its assignee. */
export function rolesOf(order: Pick<RepairOrder, 'creatorId' | 'repairerId'>, user: RepairViewer): Record<RepairRole, boolean> {
  return {
    dispatcher: order.creatorId === Number(user.userId) || hasAuth(user, Permission.Manage),
    repairer: order.repairerId !== null && order.repairerId === Number(user.userId),
  };
}

/** The steps `user` may take on `order` now, in the table's order (each action once). */
export function availableActions(order: Pick<RepairOrder, 'creatorId' | 'repairerId' | 'status'>, user: RepairViewer | null | undefined): RepairAction[] {
  if (!user || !canHandleRepairs(user)) return [];
  const roles = rolesOf(order, user);
  const actions = REPAIR_STEPS.filter((s) => s.from === order.status && roles[s.by]).map((s) => s.action);
  return [...new Set(actions)];
}

/** True once nothing more happens to the order. */
export function isClosed(status: RepairStatus): boolean {
  return status === 'finished' || status === 'early-finish';
}
