/**
 * What of the signed-in user's security is set up (`/lfscada/user/security/state`, crates/server/src/api/security.rs):
 * read by the security screens (features/security) and the account info page (features/profile), which asks the
 * user to set up what is missing. Silent, as every security call (features/security/api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { SecurityState } from '@/generated/answers';

export const securityKeys = {
  state: ['security', 'state'] as const,
};

export function fetchSecurityState(signal?: AbortSignal): Promise<SecurityState> {
  return post<SecurityState>('/lfscada/user/security/state', undefined, { silent: true, ...(signal ? { signal } : {}) });
}

/** What of the account's security is set up (and whether this session's identity is proven). */
export function useSecurityState() {
  return useQuery({ queryKey: securityKeys.state, queryFn: ({ signal }) => fetchSecurityState(signal) });
}
