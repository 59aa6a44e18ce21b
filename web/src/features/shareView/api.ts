/**
 * The public share view's calls (docs/share.md). The visitor's share session is its own cookie, sent only to
 * `/lfscada/share/…`: these calls never carry, nor need, a console session. All are silent: the page shows
 * refusals inline (1342 wrong password, 1007 throttled, 1343 the visit ended). The configuration pages' calls
 * (`share/pages`, `share/page/info`, `share/history`, `share/alarms`) are the page viewer's console calls'
 * counterparts, handed to it by sharePageSource.ts.
 */
import { useQuery } from '@tanstack/react-query';
import type { AlarmRecord, EgFrame, HistoryAnswer, Listed, SharedEquipment, SharePages, ShareVisit } from '@/generated/answers';
import type { AlarmQuery } from '@/entities/equipmentRecords/alarms';
import { ALARM_PAGE_SIZE } from '@/entities/equipmentRecords/alarms';
import type { HistoryRequest } from '@/entities/equipmentRecords/history';
import { get, post } from '@/lib/api/client';
import { Code } from '@/lib/api/codes';
import type { ApiError } from '@/lib/api/errors';
import { runAsyncCommand } from '@/lib/asyncCommand';
import type { ConfigPageInfo } from '@/entities/pages/configPages';
import { parseEgSignalFrame } from '@/entities/live/egSignalChannel';
import type { SignalWriter } from '@/entities/signals/commands';

/** How often the visitor's page reads the values again. */
export const SHARE_POLL_MS = 2_000;

export const shareKeys = {
  info: (equipId: number) => ['share', 'info', equipId] as const,
  values: (equipId: number) => ['share', 'values', equipId] as const,
  pages: (equipId: number) => ['share', 'pages', equipId] as const,
};

/** POST /lfscada/share/open {equipId, password} → the visit; sets the share cookie. */
export function openShare(equipId: number, password: string): Promise<ShareVisit> {
  return post<ShareVisit>('/lfscada/share/open', { equipId, password }, { silent: true });
}

/** POST /lfscada/share/close {equipId}: ends the visit. */
export function closeShare(equipId: number): Promise<unknown> {
  return post('/lfscada/share/close', { equipId }, { silent: true });
}

/**
 * GET /lfscada/share/info?equipId= → the shared equipment as the visitor sees it: its name, the authority and the
 * signals (1343 before opening).
 */
export function useSharedEquipment(equipId: number) {
  return useQuery<SharedEquipment, ApiError>({
    queryKey: shareKeys.info(equipId),
    queryFn: ({ signal }) => get<SharedEquipment>('/lfscada/share/info', { equipId }, { silent: true, ...(signal ? { signal } : {}) }),
    retry: false,
  });
}

/** GET /lfscada/share/values?equipId= every {@link SHARE_POLL_MS}, while the visit is open. */
export function useShareValues(equipId: number, enabled: boolean) {
  return useQuery<EgFrame, ApiError>({
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

/** GET /lfscada/share/pages?equipId= → the equipment's display and its pages (those without their own password). */
export function useSharePages(equipId: number) {
  return useQuery<SharePages, ApiError>({
    queryKey: shareKeys.pages(equipId),
    queryFn: ({ signal }) => get<SharePages>('/lfscada/share/pages', { equipId }, { silent: true, ...(signal ? { signal } : {}) }),
    retry: false,
  });
}

/** GET /lfscada/share/page/info?equipId=&pageId= → the page and its document (1214 for a page not the equipment's). */
export function fetchSharePageInfo(equipId: number, pageId: number, signal?: AbortSignal): Promise<ConfigPageInfo> {
  return get<ConfigPageInfo>('/lfscada/share/page/info', { equipId, pageId }, { silent: true, ...(signal ? { signal } : {}) });
}

/** GET /lfscada/share/history: as the monitor's history call, for the equipment's signals only. */
export function fetchShareHistory(equipId: number, request: HistoryRequest, signal?: AbortSignal): Promise<HistoryAnswer> {
  const params = { equipId, signalIds: request.signalIds.join(','), startTime: request.startTime, endTime: request.endTime };
  return get<HistoryAnswer>('/lfscada/share/history', params, { silent: true, ...(signal ? { signal } : {}) });
}

/** GET /lfscada/share/alarms: a page of the equipment's alarm records; "no records" (2001) is an empty page. */
export async function fetchShareAlarms(equipId: number, query: AlarmQuery, signal?: AbortSignal): Promise<Listed<AlarmRecord>> {
  const params = {
    equipId,
    ...(query.startTime !== null ? { startTime: query.startTime } : {}),
    ...(query.endTime !== null ? { endTime: query.endTime } : {}),
    page: query.page,
    pageSize: query.pageSize ?? ALARM_PAGE_SIZE,
  };
  try {
    return await get<Listed<AlarmRecord>>('/lfscada/share/alarms', params, { silent: true, ...(signal ? { signal } : {}) });
  } catch (error) {
    if ((error as { code?: string }).code === Code.NoData) return { total: 0, list: [] };
    throw error;
  }
}

/**
 * POST /lfscada/share/write {equipId, signalId, value}, then /lfscada/share/callback {equipId, uuid} until the device
 * answers: the monitor's write path, under the share's `control` authority (1344 otherwise).
 */
export function shareWriter(equipId: number): SignalWriter {
  return (signalId, value, options = {}) =>
    runAsyncCommand(() => post('/lfscada/share/write', { equipId, signalId, value }, { silent: true }), '/lfscada/share/callback', {
      ...options,
      silent: true,
      callbackParams: { equipId },
    });
}
