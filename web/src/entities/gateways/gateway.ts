/**
 * A gateway as the server describes it (never its secret): the rows of /lfscada/gateway/query and the answer of
 * /lfscada/monitor/multi/gateway/info. Shared by the gateway screens and the EG detail, which may not import each
 * other. `presence` is 'unknown' while the server's own link to the broker is down (online is then false).
 */
export type { Gateway } from '@/generated/answers';

/** A gateway's connection as the console may state it (crates/server/src/api/presence.rs). */
export type { Presence as GatewayPresence } from '@/generated/answers';
import type { Presence as GatewayPresence } from '@/generated/answers';

/** The presence of a gateway answer; from `online` alone when the answer has none. */
export function presenceOf(gateway: { online: boolean; presence?: GatewayPresence }): GatewayPresence {
  return gateway.presence ?? (gateway.online ? 'online' : 'offline');
}
