/**
 * The public share view's calls (docs/share.md). The visitor's share session is its own cookie, sent only to
 * `/lfscada/share/…`: these calls never carry, nor need, a console session. All are silent: the page shows
 * refusals inline (1342 wrong password, 1007 throttled, 1343 the visit ended).
 */
import { useQuery } from '@tanstack/react-query';
import { get, post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { parseEgSignalFrame, type EgSignalFrame } from '@/lib/live/egSignalChannel';
import type { MonitorSignal } from '@/lib/signals/types';

export type ShareAuth = 'view' | 'control';

export interface ShareVisit {
  equipId: number;
  equipName: string;
  auth: ShareAuth;
}

export interface ShareInfo extends ShareVisit {
  signals: MonitorSignal[];
}

/** How often the visitor's page reads the values again. */
export const SHARE_POLL_MS = 2_000;

export const shareKeys = {
  info: (equipId: number) => ['share', 'info', equipId] as const,
  values: (equipId: number) => ['share', 'values', equipId] as const,
};

/** POST /lfscada/share/open {equipId, password} → the visit; sets the share cookie. */
export function openShare(equipId: number, password: string): Promise<ShareVisit> {
  return post<ShareVisit>('/lfscada/share/open', { equipId, password }, { silent: true });
}

/** POST /lfscada/share/close {equipId}: ends the visit. */
export function closeShare(equipId: number): Promise<unknown> {
  return post('/lfscada/share/close', { equipId }, { silent: true });
}

/** GET /lfscada/share/info?equipId= → the equipment's name, the authority and the signals (1343 before opening). */
export function useShareInfo(equipId: number) {
  return useQuery<ShareInfo, ApiError>({
    queryKey: shareKeys.info(equipId),
    queryFn: ({ signal }) => get<ShareInfo>('/lfscada/share/info', { equipId }, { silent: true, ...(signal ? { signal } : {}) }),
    retry: false,
  });
}

/** GET /lfscada/share/values?equipId= every {@link SHARE_POLL_MS}, while the visit is open. */
export function useShareValues(equipId: number, enabled: boolean) {
  return useQuery<EgSignalFrame, ApiError>({
    queryKey: shareKeys.values(equipId),
    queryFn: async ({ signal }) => {
      const data = await get<unknown>('/lfscada/share/values', { equipId }, { silent: true, ...(signal ? { signal } : {}) });
      return parseEgSignalFrame(data) ?? { signalVal: {}, gatewayAlarm: 0, signalAlarm: {} };
    },
    enabled,
    refetchInterval: SHARE_POLL_MS,
    retry: false,
  });
}
