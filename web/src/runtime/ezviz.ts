/**
 * EZVIZ cloud video (docs/ezviz.md) as the viewer asks for it: the live HLS address of the camera an EZVIZ video
 * widget shows, from the server, which holds the organisation's EZVIZ key and asks EZVIZ's open API. The browser
 * never calls EZVIZ and never sees the key.
 *
 * - A saved page asks by page and widget (`/lfscada/ezviz/live/address {pageId, widgetId}`): the server reads the
 *   widget's serial number and channel itself, so a viewer watches exactly the cameras the page's designer set.
 * - The designer's unsaved draft, opened in the viewer, asks by serial for the page's owner
 *   (`/lfscada/ezviz/live/preview {equipmentId | projectId, serialNumber, channelNumber}`), which only a manager
 *   granted that owner may do.
 *
 * An address is asked again shortly before it expires ({@link refreshInMs}); a refusal is kept as the server's
 * message (key not linked, EZVIZ unreachable, EZVIZ's own refusal) and asked again after {@link ERROR_RETRY_MS}.
 */
import { queryOptions } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { PageOwner } from '@/entities/pages/configPages';
import type { EzvizLiveAddress } from '@/generated/answers';

/** Which camera to ask for: a saved page's widget, or a draft's serial number for the page's owner. */
export type EzvizSource =
  | { kind: 'widget'; pageId: number; widgetId: string }
  | { kind: 'preview'; owner: PageOwner; serialNumber: string; channelNumber: number };

/** A refused or failed ask is tried again this long after. */
export const ERROR_RETRY_MS = 30_000;
/** An address is asked again this long before it expires (the server renews it 60 s before). */
export const REFRESH_BEFORE_MS = 30_000;
/** The soonest an address is asked again, whatever its expiry says. */
export const MIN_REFRESH_MS = 5_000;

/** How long from `now` until the address expiring at `expireTime` is asked again. */
export function refreshInMs(expireTime: number, now: number): number {
  return Math.max(MIN_REFRESH_MS, expireTime - REFRESH_BEFORE_MS - now);
}

/** The call and its body for `source`. */
export function ezvizCall(source: EzvizSource): { path: string; body: Record<string, string | number> } {
  if (source.kind === 'widget') {
    return { path: '/lfscada/ezviz/live/address', body: { pageId: source.pageId, widgetId: source.widgetId } };
  }
  const ownerField = source.owner.kind === 'equipment' ? 'equipmentId' : 'projectId';
  return {
    path: '/lfscada/ezviz/live/preview',
    body: { [ownerField]: source.owner.id, serialNumber: source.serialNumber, channelNumber: source.channelNumber },
  };
}

function sourceKey(source: EzvizSource): readonly (string | number)[] {
  return source.kind === 'widget'
    ? ['widget', source.pageId, source.widgetId]
    : ['preview', source.owner.kind, source.owner.id, source.serialNumber, source.channelNumber];
}

/**
 * The camera's live address, asked again before it expires and, after a refusal, every {@link ERROR_RETRY_MS}.
 * `language` is in the key: the refusal's text is the server's, in the language it was asked in.
 */
export function ezvizAddressQuery(source: EzvizSource, language: string) {
  const { path, body } = ezvizCall(source);
  return queryOptions<EzvizLiveAddress, ApiError>({
    queryKey: ['ezviz', 'live', ...sourceKey(source), language],
    queryFn: ({ signal }) => post<EzvizLiveAddress>(path, body, { silent: true, signal }),
    retry: false,
    staleTime: (query) => (query.state.data ? refreshInMs(query.state.data.expireTime, Date.now()) : 0),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return ERROR_RETRY_MS;
      const data = query.state.data;
      return data ? refreshInMs(data.expireTime, Date.now()) : false;
    },
    refetchIntervalInBackground: false,
  });
}
