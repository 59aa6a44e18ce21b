/**
 * The user's console settings document, kept whole by the server (`/lfscada/user/config/query|save`,
 * crates/server/src/api/settings.rs) and read by the screens that honour it. Its fields are the console's to
 * decide (docs/account.md): `equipDisplay` is how the monitor's equipment list opens (the list, or by group).
 * Saving merges a patch into the document as last read, so one screen's setting never drops another's. The
 * document's type is the generated `UserConfig` (any fields); each field is read with a runtime check.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserConfig } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export type EquipDisplay = 'list' | 'group';
export const EQUIP_DISPLAYS: readonly EquipDisplay[] = ['list', 'group'];

/** Under the session's key space: logging out forgets it with the user. */
export const userConfigKey = ['session', 'config'] as const;

/** How the equipment list opens for this configuration ('list' unless 'group' was chosen). */
export function equipDisplayOf(config: UserConfig | undefined): EquipDisplay {
  return config?.equipDisplay === 'group' ? 'group' : 'list';
}

/** POST /lfscada/user/config/query → the document ({} when never saved). Silent: a screen falls back to defaults. */
export function useUserConfig() {
  return useQuery<UserConfig, ApiError>({
    queryKey: userConfigKey,
    queryFn: ({ signal }) => post<UserConfig>('/lfscada/user/config/query', {}, { silent: true, signal }),
    staleTime: Infinity,
  });
}

/**
 * POST /lfscada/user/config/save {config}: the document as last read with `patch` (the fields to change) over it,
 * sent as JSON text.
 */
export function useSaveUserConfig() {
  const client = useQueryClient();
  return useMutation<UserConfig, ApiError, UserConfig>({
    mutationFn: async (patch) => {
      const current = await client.fetchQuery({
        queryKey: userConfigKey,
        queryFn: () => post<UserConfig>('/lfscada/user/config/query', {}, { silent: true }),
        staleTime: Infinity,
      });
      const next = { ...current, ...patch };
      await post<null>('/lfscada/user/config/save', { config: JSON.stringify(next) });
      return next;
    },
    onSuccess: (next) => client.setQueryData(userConfigKey, next),
  });
}
