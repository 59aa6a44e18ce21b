/**
 * The GM detail's address (`/monitor/gm/vuedetail/{equipId}/{tab}`): the tab is the child route, so the address is
 * the truth and Back returns to the previous tab. Read from the path rather than the router's match because the
 * four child routes share one screen.
 */
import { GM_DETAIL_TABS, type GmDetailTab } from '@/lib/paths';

export function isGmDetailTab(value: unknown): value is GmDetailTab {
  return typeof value === 'string' && (GM_DETAIL_TABS as readonly string[]).includes(value);
}

/** The tab a GM detail path names (its last segment); real-time data for anything else. */
export function gmDetailTabOf(pathname: string): GmDetailTab {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return isGmDetailTab(last) ? last : 'real';
}

/** How a protocol is named on screen; an unknown one (a newer server) is shown as it is sent. */
export type GmProtocol = 'sparkplug' | 'json';

export function isGmProtocol(protocol: string | undefined): protocol is GmProtocol {
  return protocol === 'sparkplug' || protocol === 'json';
}
