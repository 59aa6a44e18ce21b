import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { GmCredentials, GmKind } from '../gmModel';
import { gmSourceKeys } from './queryGmSources';

/** The form's values: a node's group and node id, or a JSON device's topic prefix; the name is optional. */
export interface NewGmSource {
  groupId?: string;
  nodeId?: string;
  topicPrefix?: string;
  name?: string;
}

/** What each kind sends; texts trimmed, an empty name left out so the server applies its default. */
const FIELDS: Record<GmKind, readonly (keyof NewGmSource)[]> = {
  node: ['groupId', 'nodeId', 'name'],
  json: ['topicPrefix', 'name'],
};

function payload(kind: GmKind, source: NewGmSource) {
  const out: Record<string, string> = {};
  for (const key of FIELDS[kind]) {
    const value = source[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/**
 * POST /lfscada/gm/node/add {groupId, nodeId, name} or /lfscada/gm/json/add {topicPrefix, name}
 * → {id, username, secret, broker}; the secret is shown once. Silent: the form puts refusals (1100/1101, 1381, 1382)
 * on their field and toasts the rest itself.
 */
export function addGmSource(kind: GmKind, source: NewGmSource): Promise<GmCredentials> {
  return post<GmCredentials>(`/lfscada/gm/${kind}/add`, payload(kind, source), { silent: true });
}

export function useAddGmSource(kind: GmKind) {
  const queryClient = useQueryClient();
  return useMutation<GmCredentials, ApiError, NewGmSource>({
    mutationFn: (source) => addGmSource(kind, source),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gmSourceKeys.all }),
  });
}
