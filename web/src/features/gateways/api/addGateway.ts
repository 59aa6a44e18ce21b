import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { IssuedSecret } from '../model';
import { gatewayKeys } from './queryGateways';

export interface NewGateway {
  sn: string;
  name?: string;
  model?: string;
  firmware?: string;
  /** The gateway service's expiry date, `YYYY-MM-DD`; null or absent for none. */
  expireDate?: string | null;
}

export interface AddedGateway extends IssuedSecret {
  id: number;
}

/** Empty optional texts are left out, so the server applies its defaults (the name defaults to the serial number). */
function payload(gateway: NewGateway) {
  const out: Record<string, string> = { sn: gateway.sn.trim() };
  for (const key of ['name', 'model', 'firmware'] as const) {
    const value = gateway[key]?.trim();
    if (value) out[key] = value;
  }
  if (gateway.expireDate) out.expireDate = gateway.expireDate;
  return out;
}

/**
 * POST /lfscada/gateway/add {sn, name, model, firmware, expireDate} → {id, sn, secret, broker}; the secret is shown once.
 * Silent: the form shows field errors (1100/1101, 1213) next to the field and toasts the rest itself.
 */
export function addGateway(gateway: NewGateway): Promise<AddedGateway> {
  return post<AddedGateway>('/lfscada/gateway/add', payload(gateway), { silent: true });
}

export function useAddGateway() {
  const queryClient = useQueryClient();
  return useMutation<AddedGateway, ApiError, NewGateway>({
    mutationFn: addGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}
