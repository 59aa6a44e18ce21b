/**
 * The alarm prompt types (sound, window title, pop-up: user info's `prompType`, which the message notifier reads)
 * are stored with the notification channels, and the server saves both at once
 * (`/lfscada/msg/notify/settings/save`, docs/messages.md). The account settings change only the prompt types: the
 * channels go back as they were read (a kept secret is left out, so it is kept).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { NotifySettings } from '@/generated/answers';
import { sessionKeys } from '@/lib/session';

export const PROMPT_TYPES = ['sound', 'title', 'alter'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The channels of `settings` as a save sends them back unchanged. */
export function unchangedChannels(settings: Pick<NotifySettings, 'channels'>) {
  return settings.channels.map(({ id, kind, name, target, levels, enabled }) => ({ id, kind, name, target, levels, enabled }));
}

export function useSavePromptTypes() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, readonly string[]>({
    mutationFn: async (prompType) => {
      const settings = await post<NotifySettings>('/lfscada/msg/notify/settings/query', {});
      return post('/lfscada/msg/notify/settings/save', {
        // A text, so "none chosen" is sent too (an empty list would be left out of the form).
        prompType: prompType.join(','),
        channels: unchangedChannels(settings),
      });
    },
    onSuccess: () => {
      // The notifier reads prompType from the user info: it follows at once.
      void client.invalidateQueries({ queryKey: sessionKeys.user });
      // The message centre's notification settings (features/messages/api/notify.ts `notifyKeys.all`).
      void client.invalidateQueries({ queryKey: ['notify'] });
    },
  });
}
