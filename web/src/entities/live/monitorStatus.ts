/**
 * What the screen says about monitoring (spec section 4, EG monitor session). The session (entities/live) decides
 * whether monitoring is on; this names why it is off, so the operator is told the truth: no gateway bound, the
 * gateway offline or in VPN mode, monitoring paused while they were away (economize mode), or the open call
 * failed.
 */
import type { EgMonitorState } from '@/entities/live/egMonitorSession';
import { ACTIVITY_IDLE_MS } from '@/entities/live/liveConstants';

export type MonitorStatus =
  /** Waiting for the gateway's status or the first values. */
  | 'connecting'
  /** The gateway pushes values. */
  | 'on'
  /** No gateway is bound to the equipment (2001). */
  | 'noGateway'
  /** The gateway's status could not be read (network, server); the session tries again every 60 s. */
  | 'unknown'
  | 'offline'
  | 'vpn'
  /** Economize mode and no activity for 120 s: monitoring is re-opened on the next mouse or key activity. */
  | 'paused'
  /** The open-monitor call failed; it is tried again at the next repeat. */
  | 'openFailed';

/** What the status reads of a gateway: the EG session's `Gateway`, or a project page's gateway item (no economize). */
export interface MonitoredGateway {
  online: boolean;
  vpn: boolean;
  economizeOpen?: boolean;
}

export function monitorStatus(
  state: Pick<EgMonitorState, 'monitoring' | 'loaded'> & { gateway: MonitoredGateway | null },
  now: number,
  lastActivityAt: number,
): MonitorStatus {
  const { gateway } = state;
  if (gateway === null) {
    if (!state.monitoring) return 'noGateway';
    return state.loaded ? 'unknown' : 'connecting';
  }
  if (!gateway.online) return 'offline';
  if (gateway.vpn) return 'vpn';
  if (state.monitoring) return state.loaded ? 'on' : 'connecting';
  return gateway.economizeOpen === true && now - lastActivityAt >= ACTIVITY_IDLE_MS ? 'paused' : 'openFailed';
}

/** antd Badge status for each state. */
export const STATUS_BADGE: Record<MonitorStatus, 'success' | 'processing' | 'default' | 'warning' | 'error'> = {
  connecting: 'processing',
  on: 'success',
  noGateway: 'default',
  unknown: 'warning',
  offline: 'default',
  vpn: 'warning',
  paused: 'warning',
  openFailed: 'error',
};

/** The monitoring state of a set of equipment (a project's page binds several), as one badge and a count. */
export interface SetMonitorStatus {
  /**
   * `on` while any equipment of the set is monitored (values are arriving), else `connecting` while any is still
   * waiting for its gateway or first values, else the first equipment's reason (the per-equipment list says the
   * others').
   */
  status: MonitorStatus;
  /** How many of the set are not monitored now: offline, VPN, no gateway, paused, open failed or unknown. */
  notMonitored: number;
  total: number;
}

/** The set's state from each equipment's; null for an empty set (nothing to monitor). */
export function setMonitorStatus(statuses: readonly MonitorStatus[]): SetMonitorStatus | null {
  const first = statuses[0];
  if (first === undefined) return null;
  const live = (s: MonitorStatus) => s === 'on' || s === 'connecting';
  const status = statuses.includes('on') ? 'on' : statuses.includes('connecting') ? 'connecting' : first;
  return { status, notMonitored: statuses.filter((s) => !live(s)).length, total: statuses.length };
}
