import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Gateway, Listed } from '@/generated/answers';
import { PAGE_SIZE } from '../model';

export interface GatewayQuery {
  keyword: string;
  /** From 1. */
  page: number;
}

/** The list is refreshed this often, so online state and last-seen times stay current (spec section 9: polling). */
export const GATEWAY_POLL_MS = 60_000;

export const gatewayKeys = {
  all: ['gateways'] as const,
  list: (query: GatewayQuery) => ['gateways', 'list', query] as const,
};

/**
 * POST /lfscada/gateway/query {keyword, page, pageSize} → {total, list}. Silent: the screen shows a failure
 * inline with a retry, and a failed background refresh does not toast every minute.
 */
export function fetchGateways(query: GatewayQuery, signal?: AbortSignal): Promise<Listed<Gateway>> {
  const keyword = query.keyword.trim();
  return post<Listed<Gateway>>(
    '/lfscada/gateway/query',
    { ...(keyword ? { keyword } : {}), page: query.page, pageSize: PAGE_SIZE },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useGateways(query: GatewayQuery) {
  return useQuery<Listed<Gateway>, ApiError>({
    queryKey: gatewayKeys.list(query),
    queryFn: ({ signal }) => fetchGateways(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: GATEWAY_POLL_MS,
  });
}
