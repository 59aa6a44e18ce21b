/**
 * A gateway as the server describes it (never its secret): the rows of /lfscada/gateway/query and the answer of
 * /lfscada/monitor/multi/gateway/info (entities/gateways/api.ts). Shared by the gateway screens and the EG detail,
 * which may not import each other. `presence` (the generated `Presence`, crates/server/src/api/presence.rs) is
 * 'unknown' while the server's own link to the broker is down (online is then false).
 */
import type { Presence } from '@/generated/answers';

export type { Gateway } from '@/generated/answers';

/** The presence of a gateway answer; from `online` alone when the answer has none. */
export function presenceOf(gateway: { online: boolean; presence?: Presence }): Presence {
  return gateway.presence ?? (gateway.online ? 'online' : 'offline');
}
