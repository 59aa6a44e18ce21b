import { useQuery } from '@tanstack/react-query';
import type { TrackAnswer } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export interface TrackRequest {
  equipmentId: number;
  startTime: number;
  endTime: number;
}

/**
 * POST /lfscada/monitor/multi/track/query {equipmentId, startTime, endTime} → the path, thinned on the server to
 * at most 2,000 points. Silent: the page shows the refusal (no position signals, bad range) inline.
 */
export function fetchTrack(request: TrackRequest, signal?: AbortSignal): Promise<TrackAnswer> {
  return post<TrackAnswer>('/lfscada/monitor/multi/track/query', { ...request }, { silent: true, ...(signal ? { signal } : {}) });
}

/** Runs when `request` is set; `run` counts the presses of Query so a repeat fetches the newest positions. */
export function useTrack(request: TrackRequest | null, run: number) {
  return useQuery<TrackAnswer, ApiError>({
    queryKey: ['track', request, run],
    queryFn: ({ signal }) => fetchTrack(request as TrackRequest, signal),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}
