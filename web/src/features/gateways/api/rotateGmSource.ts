import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { GmCredentials } from '../gmModel';

/** POST /lfscada/gm/source/rotate {id} → {id, username, secret, broker}: the old secret stops working at once. */
export function rotateGmSource(id: number): Promise<GmCredentials> {
  return post<GmCredentials>('/lfscada/gm/source/rotate', { id });
}

export function useRotateGmSource() {
  return useMutation<GmCredentials, ApiError, number>({ mutationFn: rotateGmSource });
}
