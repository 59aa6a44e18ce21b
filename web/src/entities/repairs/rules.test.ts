import { describe, expect, it } from 'vitest';
import { REPAIR_STEPS, availableActions, canHandleRepairs, isClosed, rolesOf, type RepairStatus } from './rules';

const CREATOR = { userId: 1, auths: ['monitor_multi_designer_repair'] };
const REPAIRER = { userId: 2, auths: ['monitor_multi_designer_repair'] };
const MANAGER = { userId: 3, auths: ['manage'] };
const WATCHER = { userId: 4, auths: [] };

const order = (status: RepairStatus, repairerId: number | null = 2) => ({ status, creatorId: 1, repairerId });

describe('the repair step table', () => {
  it('is the server\'s (contract.json): dispatch, reassign, receive, finish, early finish and pictures', () => {
    expect(REPAIR_STEPS.map((s) => `${s.action}:${s.from}->${s.to}:${s.by}`)).toEqual([
      'dispatch:pending->dispatched:dispatcher',
      'redispatch:dispatched->dispatched:dispatcher',
      'receive:dispatched->received:repairer',
      'finish:received->finished:repairer',
      'earlyFinish:pending->early-finish:dispatcher',
      'earlyFinish:dispatched->early-finish:dispatcher',
      'earlyFinish:received->early-finish:repairer',
      'attach:pending->pending:dispatcher',
      'attach:received->received:repairer',
    ]);
    expect(REPAIR_STEPS.find((s) => s.action === 'finish')?.requires).toBe('content');
    expect(REPAIR_STEPS.filter((s) => s.action === 'earlyFinish').every((s) => s.requires === 'remark')).toBe(true);
  });
});

describe('the buttons a person sees', () => {
  it('gives the dispatcher (creator or manager) dispatch, cancel and pictures while pending', () => {
    expect(availableActions(order('pending', null), CREATOR)).toEqual(['dispatch', 'earlyFinish', 'attach']);
    expect(availableActions(order('pending', null), MANAGER)).toEqual(['dispatch', 'earlyFinish', 'attach']);
    expect(availableActions(order('pending', null), REPAIRER)).toEqual([]);
  });

  it('gives the repairer receive once dispatched, while the dispatcher may still reassign or cancel', () => {
    expect(availableActions(order('dispatched'), REPAIRER)).toEqual(['receive']);
    expect(availableActions(order('dispatched'), CREATOR)).toEqual(['redispatch', 'earlyFinish']);
  });

  it('leaves a received order to its repairer alone', () => {
    expect(availableActions(order('received'), REPAIRER)).toEqual(['finish', 'earlyFinish', 'attach']);
    expect(availableActions(order('received'), CREATOR)).toEqual([]);
    expect(availableActions(order('received'), MANAGER)).toEqual([]);
  });

  it('offers nothing on a closed order, nor to someone without the permission', () => {
    for (const status of ['finished', 'early-finish'] as const) {
      expect(isClosed(status)).toBe(true);
      expect(availableActions(order(status), REPAIRER)).toEqual([]);
      expect(availableActions(order(status), MANAGER)).toEqual([]);
    }
    expect(availableActions(order('pending', null), { userId: 1, auths: [] })).toEqual([]);
    expect(availableActions(order('pending'), undefined)).toEqual([]);
    expect(canHandleRepairs(WATCHER)).toBe(false);
    expect(canHandleRepairs(MANAGER)).toBe(true);
  });

  it('makes whoever created and was assigned an order both dispatcher and repairer', () => {
    expect(rolesOf({ creatorId: 2, repairerId: 2 }, REPAIRER)).toEqual({ dispatcher: true, repairer: true });
    expect(availableActions({ status: 'dispatched', creatorId: 2, repairerId: 2 }, REPAIRER)).toEqual(['redispatch', 'receive', 'earlyFinish']);
  });
});
