import { signalKeys } from '@/lib/signals/keys';

/** Query keys of the EG detail screen; all under ['monitor', …] so a logout drops them with the session. */
export const monitorKeys = {
  all: ['monitor'] as const,
  ...signalKeys,
  detail: (equipmentId: number) => ['monitor', 'detail', equipmentId] as const,
  gateway: (equipmentId: number) => ['monitor', 'gateway', equipmentId] as const,
  alarms: (equipmentId: number) => ['monitor', 'alarms', equipmentId] as const,
  history: (request: object) => ['monitor', 'history', request] as const,
};
