/**
 * The EZVIZ key linking calls (crates/server/src/api/ezviz.rs, docs/ezviz.md): the organisation's linked key as
 * the server tells it (the app key and whether a secret is stored, never the secret), its save (an empty secret
 * keeps the stored one) and its removal. The pages' EZVIZ videos forget their addresses when the key changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EzvizKeyInfo } from '@/generated/answers';

export const ezvizKeyKey = ['ezviz', 'key'] as const;

/** POST /lfscada/ezviz/key/query (managers; the dialog asks it for administrators only). */
export function useEzvizKey(enabled: boolean) {
  return useQuery<EzvizKeyInfo, ApiError>({
    queryKey: ezvizKeyKey,
    queryFn: ({ signal }) => post<EzvizKeyInfo>('/lfscada/ezviz/key/query', {}, { silent: true, signal }),
    enabled,
  });
}

export interface EzvizKeyDraft {
  appKey: string;
  /** Empty: keep the stored secret. */
  appSecret: string;
}

function useKeyChange<V>(call: (value: V) => Promise<null>) {
  const client = useQueryClient();
  return useMutation<null, ApiError, V>({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ezvizKeyKey });
      // Videos shown elsewhere ask for their addresses again with the new key (or say it is gone).
      void client.invalidateQueries({ queryKey: ['ezviz', 'live'] });
    },
  });
}

/** POST /lfscada/ezviz/key/save. Silent: the section marks the refused field. */
export function useSaveEzvizKey() {
  return useKeyChange<EzvizKeyDraft>((draft) => post<null>('/lfscada/ezviz/key/save', { ...draft }, { silent: true }));
}

/** POST /lfscada/ezviz/key/delete. */
export function useDeleteEzvizKey() {
  return useKeyChange<void>(() => post<null>('/lfscada/ezviz/key/delete', {}, { silent: true }));
}
