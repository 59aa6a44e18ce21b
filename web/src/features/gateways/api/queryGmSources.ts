import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Listed } from '@/generated/answers';
import { PAGE_SIZE } from '../model';
import type { GmKind, GmSource } from '../gmModel';
import { GATEWAY_POLL_MS, type GatewayQuery } from './queryGateways';

export const gmSourceKeys = {
  all: ['gmSources'] as const,
  list: (kind: GmKind, query: GatewayQuery) => ['gmSources', kind, 'list', query] as const,
};

/**
 * POST /lfscada/gm/node/query or /lfscada/gm/json/query {keyword, page, pageSize} → {total, list}, newest first.
 * Silent, as the gateway list: a failure is shown inline with a retry.
 */
export function fetchGmSources(kind: GmKind, query: GatewayQuery, signal?: AbortSignal): Promise<Listed<GmSource>> {
  const keyword = query.keyword.trim();
  return post<Listed<GmSource>>(
    `/lfscada/gm/${kind}/query`,
    { ...(keyword ? { keyword } : {}), page: query.page, pageSize: PAGE_SIZE },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

/** Refreshed as often as the gateway list, so presence and last-seen times stay current. */
export function useGmSources(kind: GmKind, query: GatewayQuery) {
  return useQuery<Listed<GmSource>, ApiError>({
    queryKey: gmSourceKeys.list(kind, query),
    queryFn: ({ signal }) => fetchGmSources(kind, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: GATEWAY_POLL_MS,
  });
}
