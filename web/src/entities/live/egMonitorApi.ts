/**
 * The two calls that drive an EG monitor session (spec section 7, EG monitor). Kept apart from the session so
 * the session can be tested with fakes and knows nothing about HTTP.
 */
import type { Gateway } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { apiErrorFor } from '@/lib/api/errors';
import { fetchBoundGateway } from '@/entities/gateways/api';
import { EG_OPEN_DELAY, NO_GATEWAY_CODE } from './liveConstants';

export type EquipmentId = string | number;

/** What the open call sends. */
export interface EgOpenRequest {
  equipmentId: EquipmentId;
  interval: number;
}

export interface EgMonitorApi {
  /**
   * The bound gateway, the generated `Gateway` (its `interval` is passed back to the open call unchanged). Rejects
   * with an ApiError; code 2001 means no gateway is bound.
   */
  fetchGatewayInfo(equipmentId: EquipmentId): Promise<Gateway>;
  /** Asks the gateway to push values for the next 600 s. */
  openMonitor(request: EgOpenRequest): Promise<unknown>;
}

export const EG_OPEN_PATH = '/lfscada/monitor/multi/open';

/**
 * The bound gateway (entities/gateways/api.ts: silent, a background poll). No gateway (2001, or a success without
 * a gateway object) rejects with an ApiError of code 2001: the answer the session expects, not an error to show.
 */
export async function fetchGatewayInfo(equipmentId: EquipmentId): Promise<Gateway> {
  const gateway = await fetchBoundGateway(equipmentId);
  if (gateway === null) throw apiErrorFor(NO_GATEWAY_CODE);
  return gateway;
}

/**
 * POST /lfscada/monitor/multi/open {interval, delay: 600, equipmentId}. Not silent: when it fails the screen's
 * values stop updating, and the operator should see why.
 */
export function openMonitor({ equipmentId, interval }: EgOpenRequest): Promise<unknown> {
  return post<unknown>(EG_OPEN_PATH, { interval, delay: EG_OPEN_DELAY, equipmentId });
}

export const egMonitorApi: EgMonitorApi = { fetchGatewayInfo, openMonitor };
