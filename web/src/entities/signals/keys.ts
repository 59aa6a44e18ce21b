/**
 * Query keys of an equipment's signal catalogue and latest values, shared by every live screen so the EG detail
 * and the page viewer read one cache entry. Under ['monitor', …] so a logout drops them with the session.
 */
export const signalKeys = {
  signals: (equipmentId: number) => ['monitor', 'signals', equipmentId] as const,
  latest: (equipmentId: number) => ['monitor', 'latest', equipmentId] as const,
};
