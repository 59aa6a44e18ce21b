/**
 * Query keys of the monitor list's data. Everything lives under `['monitorList']`, so one invalidation after a change
 * (follow, stick, move, a group added, renamed or deleted) refreshes every list that could show it: a card's
 * marks and group appear in the list, the group sections, the group view and the map alike.
 */
export const monitorListKeys = {
  all: ['monitorList'] as const,
  groups: ['monitorList', 'groups'] as const,
  allByGroup: ['monitorList', 'allByGroup'] as const,
  cards: (query: object) => ['monitorList', 'cards', query] as const,
  byGroup: (query: object) => ['monitorList', 'byGroup', query] as const,
  groupCards: (groupId: number) => ['monitorList', 'groupCards', groupId] as const,
  map: ['monitorList', 'map'] as const,
};

/** Lists refresh this often, so online states, alarm counts and update times stay current (spec: 60 s polling). */
export const MONITOR_LIST_POLL_MS = 60_000;
