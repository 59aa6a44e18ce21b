/**
 * A gateway as the server describes it (the store's gateway record, never its secret): the rows of
 * /lfscada/gateway/query and the answer of /lfscada/monitor/multi/gateway/info. Shared by the gateway screens and
 * the EG detail, which may not import each other.
 */
export interface Gateway {
  id: number;
  sn: string;
  name: string;
  model: string;
  firmware: string;
  online: boolean;
  /** 'unknown' while the server's own link to the broker is down (online is then false); absent from old answers. */
  presence?: GatewayPresence;
  vpn: boolean;
  /** 0–100, or null when the agent cannot read its modem. */
  signalStrength: number | null;
  interval: number;
  sampleInterval: number;
  economizeOpen: boolean;
  /** When the gateway was last heard from (ms since the epoch); null when never. */
  lastSeenMs: number | null;
  configVersion: number;
  appliedVersion: number;
  configError: string | null;
  /** Readings dated too far ahead of the server's clock, stored at their arrival time instead. */
  futureReadings?: number;
  /** How far ahead of the server's clock the gateway's clock was last seen (ms); null within tolerance. */
  clockAheadMs?: number | null;
  gmtCreate: number;
}

/** A gateway's connection as the console may state it (crates/server/src/api/presence.rs). */
export type GatewayPresence = 'online' | 'offline' | 'unknown';

/** The presence of a gateway answer; from `online` alone when the answer has none. */
export function presenceOf(gateway: { online: boolean; presence?: GatewayPresence }): GatewayPresence {
  return gateway.presence ?? (gateway.online ? 'online' : 'offline');
}
