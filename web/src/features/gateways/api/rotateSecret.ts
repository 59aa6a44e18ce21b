import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { IssuedSecret } from '../model';

/** POST /lfscada/gateway/rotateSecret {sn} → {sn, secret, broker}: the old secret stops working at once. */
export function rotateSecret(sn: string): Promise<IssuedSecret> {
  return post<IssuedSecret>('/lfscada/gateway/rotateSecret', { sn });
}

export function useRotateSecret() {
  return useMutation<IssuedSecret, ApiError, string>({ mutationFn: rotateSecret });
}
