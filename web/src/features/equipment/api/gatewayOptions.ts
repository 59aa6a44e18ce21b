import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import { Limits } from '@/lib/api/limits';
import type { ApiError } from '@/lib/api/errors';
import type { Gateway, Listed } from '@/generated/answers';

/** The server's largest page: the screens show at most this many gateways to choose from. */
export const GATEWAY_OPTIONS_MAX = Limits.PageSizeMax;

/**
 * POST /lfscada/gateway/query {keyword?, page 1, pageSize 100}: gateways to bind to or filter the list by. A
 * keyword narrows it on the server when an organisation has more.
 */
export function fetchGatewayOptions(keyword: string, signal?: AbortSignal): Promise<Listed<Gateway>> {
  const trimmed = keyword.trim();
  return post<Listed<Gateway>>(
    '/lfscada/gateway/query',
    { ...(trimmed ? { keyword: trimmed } : {}), page: 1, pageSize: GATEWAY_OPTIONS_MAX },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useGatewayOptions(keyword = '') {
  return useQuery<Listed<Gateway>, ApiError>({
    queryKey: ['equipment', 'gatewayOptions', keyword.trim()],
    queryFn: ({ signal }) => fetchGatewayOptions(keyword, signal),
    staleTime: 30_000,
    // While a search is typed the options of the last answer stay (no empty flash between keystrokes).
    placeholderData: keepPreviousData,
  });
}
