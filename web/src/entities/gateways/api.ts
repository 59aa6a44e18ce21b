/**
 * The gateway bound to an equipment, as the EG detail's gateway tab (features/monitor) and the EG monitor session
 * (entities/live) both ask for it: one call, each caller deciding how it shows "no gateway" and other failures.
 */
import type { Gateway } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { NO_GATEWAY_CODE } from '@/entities/live/liveConstants';

export const BOUND_GATEWAY_PATH = '/lfscada/monitor/multi/gateway/info';

/**
 * POST /lfscada/monitor/multi/gateway/info {equipmentId} → the bound gateway, or null when none is bound: 2001
 * (spec section 8, "no gateway": an answer, not an error), or a success without a gateway object. Silent: the
 * detail tab shows other failures inline, and the session's background poll keeps its last state.
 */
export async function fetchBoundGateway(equipmentId: number | string, signal?: AbortSignal): Promise<Gateway | null> {
  try {
    const data = await post<Gateway | null>(BOUND_GATEWAY_PATH, { equipmentId }, { silent: true, ...(signal ? { signal } : {}) });
    return typeof data === 'object' && data !== null ? data : null;
  } catch (error) {
    if ((error as { code?: string }).code === NO_GATEWAY_CODE) return null;
    throw error;
  }
}
