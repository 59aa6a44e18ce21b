/**
 * The system settings dialog's calls (crates/server/src/api/system_settings.rs), all an organisation
 * administrator's: the settings, their save (the header's title and logo follow at once), the database backup.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, postForBlob } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { saveBlob } from '@/lib/download';
import { themeKeys } from '@/lib/theme';
import type { SystemSettings } from '@/generated/answers';

export const systemSettingsKey = ['systemSettings'] as const;

/** POST /lfscada/system/settings/query; asked only for administrators (others are refused with 1011). */
export function useSystemSettings(enabled: boolean) {
  return useQuery<SystemSettings, ApiError>({
    queryKey: systemSettingsKey,
    queryFn: ({ signal }) => post<SystemSettings>('/lfscada/system/settings/query', {}, { silent: true, signal }),
    enabled,
  });
}

export interface SystemSettingsDraft {
  title: string;
  faviconIco: string;
  sessionMinutes: number;
  retentionDays: number;
}

/** POST /lfscada/system/settings/save. Silent: the dialog marks the refused field. */
export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation<null, ApiError, SystemSettingsDraft>({
    mutationFn: (draft) => post<null>('/lfscada/system/settings/save', { ...draft }, { silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: systemSettingsKey });
      void client.invalidateQueries({ queryKey: themeKeys.theme });
    },
  });
}

/** POST /lfscada/system/backup → the SQLite database, saved through the browser's download. */
export function useDownloadBackup() {
  return useMutation<void, ApiError, void>({
    mutationFn: async () => {
      const blob = await postForBlob('/lfscada/system/backup', { timeoutMs: 10 * 60_000 });
      saveBlob(`ironsight-backup-${new Date().toISOString().slice(0, 10)}.sqlite`, blob);
    },
  });
}
