/** The captcha of the login form, asked again by the password recovery (features/auth, features/security). */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { Captcha } from '@/generated/answers';

export const vcodeKeys = {
  vcode: ['public', 'vcode'] as const,
};

/** Validity when the server does not say (spec section 9: verification codes are valid for 10 minutes). */
const DEFAULT_VCODE_SECONDS = 600;

/** POST /lfscada/user/showVcode: a captcha image; the answer is tied to this browser by an HttpOnly cookie. */
export function fetchVcode(signal?: AbortSignal): Promise<Captcha> {
  return post<Captcha>('/lfscada/user/showVcode', undefined, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * The current captcha. `refetch()` gets a new one (click on the image, failed login); it also renews itself
 * when it expires, so an operator who left the login page open never types an expired code.
 */
export function useVcode() {
  return useQuery({
    queryKey: vcodeKeys.vcode,
    queryFn: ({ signal }) => fetchVcode(signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.expiresIn ?? DEFAULT_VCODE_SECONDS) * 1000,
  });
}
