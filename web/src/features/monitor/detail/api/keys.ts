/** Query keys of the EG detail screen; all under ['monitor', …] so a logout drops them with the session. */
export const monitorKeys = {
  all: ['monitor'] as const,
  signals: (equipmentId: number) => ['monitor', 'signals', equipmentId] as const,
  latest: (equipmentId: number) => ['monitor', 'latest', equipmentId] as const,
  detail: (equipmentId: number) => ['monitor', 'detail', equipmentId] as const,
  gateway: (equipmentId: number) => ['monitor', 'gateway', equipmentId] as const,
  alarms: (equipmentId: number) => ['monitor', 'alarms', equipmentId] as const,
  history: (request: object) => ['monitor', 'history', request] as const,
};
