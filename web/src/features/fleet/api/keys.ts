/**
 * Query keys of the monitor's fleet data. Everything lives under `['fleet']`, so one invalidation after a change
 * (follow, stick, move, a group added, renamed or deleted) refreshes every list that could show it: a card's
 * marks and group appear in the list, the group sections, the group view and the map alike.
 */
export const fleetKeys = {
  all: ['fleet'] as const,
  groups: ['fleet', 'groups'] as const,
  allByGroup: ['fleet', 'allByGroup'] as const,
  cards: (query: object) => ['fleet', 'cards', query] as const,
  byGroup: (query: object) => ['fleet', 'byGroup', query] as const,
  groupCards: (groupId: number) => ['fleet', 'groupCards', groupId] as const,
  map: ['fleet', 'map'] as const,
};

/** Lists refresh this often, so online states, alarm counts and update times stay current (spec: 60 s polling). */
export const FLEET_POLL_MS = 60_000;
