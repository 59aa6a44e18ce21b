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
  gmtCreate: number;
}
