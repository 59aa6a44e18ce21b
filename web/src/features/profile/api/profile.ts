/**
 * The caller's basic profile and avatar (crates/server/src/api/profile.rs): read, saved whole, the avatar uploaded
 * on its own. The header's user menu shows the avatar, so it reads the same query.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, upload } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { AvatarStored, Profile } from '@/generated/answers';
import { sessionKeys } from '@/lib/session';

export const profileKeys = {
  profile: ['profile', 'profile'] as const,
  log: (page: number) => ['profile', 'log', page] as const,
};

/** POST /lfscada/user/profile/query → the caller's profile. Silent: the screen (or the header) shows failures. */
export function useProfile() {
  return useQuery<Profile, ApiError>({
    queryKey: profileKeys.profile,
    queryFn: ({ signal }) => post<Profile>('/lfscada/user/profile/query', {}, { silent: true, signal }),
    staleTime: 60_000,
  });
}

/** What the form saves; `tel` only in the `nosms` variant (left out: unchanged). */
export interface ProfileDraft {
  realName: string;
  contact: string;
  department: string;
  tel?: string;
}

/** POST /lfscada/user/profile/save. Silent: the form marks the refused field. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation<null, ApiError, ProfileDraft>({
    mutationFn: (draft) => post<null>('/lfscada/user/profile/save', { ...draft }, { silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileKeys.profile });
      // The phone number is the account's own (user info's `tel`).
      void client.invalidateQueries({ queryKey: sessionKeys.user });
    },
  });
}

/** POST /lfscada/user/avatar/upload (multipart `file`) → the avatar's path. Silent: the control shows refusals. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation<string, ApiError, File>({
    mutationFn: (file) =>
      upload<AvatarStored>('/lfscada/user/avatar/upload', file, { silent: true }).then((stored) => stored.avatar),
    onSuccess: () => void client.invalidateQueries({ queryKey: profileKeys.profile }),
  });
}
