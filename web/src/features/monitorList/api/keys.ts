import type { MonitorKind } from '@/lib/paths';

/**
 * Query keys of the monitor list's data. Everything lives under `['monitorList']`, so one invalidation after a change
 * (follow, stick, move, a group added, renamed or deleted) refreshes every list that could show it: a card's
 * marks and group appear in the list, the group sections, the group view and the map alike.
 *
 * Every card list names its kind (`eg`: equipment behind gateways, `gm`: GM equipment, lib/paths.ts `MonitorKind`),
 * which the server filters by: the two lists of one group are different answers, cached apart.
 */
export const monitorListKeys = {
  all: ['monitorList'] as const,
  groups: ['monitorList', 'groups'] as const,
  allByGroup: (kind: MonitorKind) => ['monitorList', 'allByGroup', kind] as const,
  cards: (query: { kind: MonitorKind }) => ['monitorList', 'cards', query.kind, query] as const,
  byGroup: (query: { kind: MonitorKind }) => ['monitorList', 'byGroup', query.kind, query] as const,
  groupCards: (kind: MonitorKind, groupId: number) => ['monitorList', 'groupCards', kind, groupId] as const,
  map: ['monitorList', 'map'] as const,
};

/** Lists refresh this often, so online states, alarm counts and update times stay current (spec: 60 s polling). */
export const MONITOR_LIST_POLL_MS = 60_000;
