/**
 * Notification settings beyond the browser (docs/messages.md, "Beyond the browser"): the user's prompt types and
 * channels, a channel's test, the delivery log, and the organisation's SMTP server (administrators). Secrets are
 * write-only: the server answers `hasSecret` / `hasPassword`, never the value, and a value left out keeps it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Created, Listed, NotifyChannel, NotifyDelivery, NotifySettings, SavedIds, SmtpServer } from '@/generated/answers';
import { sessionKeys } from '@/lib/session';

export const notifyKeys = {
  all: ['notify'] as const,
  settings: ['notify', 'settings'] as const,
  log: (page: number) => ['notify', 'log', page] as const,
  smtp: ['notify', 'smtp'] as const,
};

export type ChannelKind = NotifyChannel['kind'];
export const CHANNEL_KINDS: readonly ChannelKind[] = ['email', 'wecom', 'dingtalk', 'feishu', 'webhook'];
/** The robots that sign their calls with a secret. */
export const SIGNING_KINDS: readonly ChannelKind[] = ['dingtalk', 'feishu'];
export const PROMPT_TYPES = ['sound', 'title', 'alter'] as const;
export const LEVELS = [1, 2, 3] as const;
export const LOG_PAGE_SIZE = 10;

/** A channel as a save sends it: `id` for a kept one, `secret` only when typed (left out: kept). */
export interface ChannelDraft {
  id?: number;
  kind: ChannelKind;
  name: string;
  target: string;
  secret?: string;
  levels: number[];
  enabled: boolean;
}

export function useNotifySettings(enabled: boolean) {
  return useQuery<NotifySettings, ApiError>({
    queryKey: notifyKeys.settings,
    queryFn: ({ signal }) => post<NotifySettings>('/lfscada/msg/notify/settings/query', {}, { signal }),
    enabled,
  });
}

/** POST /lfscada/msg/notify/settings/save {prompType, channels} → {ids}; the whole list, all or nothing. */
export function useSaveNotifySettings() {
  const client = useQueryClient();
  return useMutation<SavedIds, ApiError, { prompType: readonly string[]; channels: readonly ChannelDraft[] }>({
    mutationFn: ({ prompType, channels }) =>
      post<SavedIds>(
        '/lfscada/msg/notify/settings/save',
        {
          // A text, so "none chosen" is sent too (an empty list would be left out of the form).
          prompType: prompType.join(','),
          channels: channels.map((c) => ({
            ...(c.id !== undefined ? { id: c.id } : {}),
            kind: c.kind,
            name: c.name,
            target: c.target,
            ...(c.secret ? { secret: c.secret } : {}),
            levels: c.levels,
            enabled: c.enabled,
          })),
        },
        // The screen shows a refusal on its field; anything else it toasts itself.
        { silent: true },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: notifyKeys.settings });
      // The notifier reads prompType from the user info: it follows at once.
      void client.invalidateQueries({ queryKey: sessionKeys.user });
    },
  });
}

/** POST /lfscada/msg/notify/test {id} → {id} of the queued delivery; its outcome appears in the log. */
export function useSendTest() {
  const client = useQueryClient();
  return useMutation<Created, ApiError, number>({
    mutationFn: (id) => post<Created>('/lfscada/msg/notify/test', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: notifyKeys.all }),
  });
}

/** The delivery log, newest first; refreshed every few seconds while something is still queued. */
export function useDeliveryLog(page: number, enabled: boolean) {
  return useQuery<Listed<NotifyDelivery>, ApiError>({
    queryKey: notifyKeys.log(page),
    queryFn: ({ signal }) =>
      post<Listed<NotifyDelivery>>('/lfscada/msg/notify/log/query', { page, pageSize: LOG_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.status === 'queued') ? 3000 : false),
  });
}

/** The organisation's SMTP server (administrators); null when none is set up. */
export function useSmtpServer(enabled: boolean) {
  return useQuery<SmtpServer | null, ApiError>({
    queryKey: notifyKeys.smtp,
    queryFn: ({ signal }) => post<SmtpServer | null>('/lfscada/msg/notify/smtp/query', {}, { signal }),
    enabled,
  });
}

export interface SmtpDraft {
  host: string;
  port: number;
  security: SmtpServer['security'];
  username: string;
  /** Empty keeps the stored password. */
  password: string;
  fromAddress: string;
  fromName: string;
}

export function useSaveSmtpServer() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, SmtpDraft>({
    mutationFn: ({ password, ...rest }) =>
      post<unknown>('/lfscada/msg/notify/smtp/save', { ...rest, ...(password ? { password } : {}) }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: notifyKeys.all }),
  });
}
