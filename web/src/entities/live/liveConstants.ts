/**
 * The numbers and fixed texts of the live channels and the EG monitor session, in one place (spec sections 4 and
 * 9). The codebase had no shared constants module; these belong together because they tune one conversation with
 * the server: the open call's 600 s delay and its 580 s repeat only work as a pair, for instance.
 */
import { Limits } from '@/lib/api/limits';

/** A failed token request is retried, and a closed socket reconnected, after this long (spec: reconnect). */
export const LIVE_RETRY_MS = 10_000;

/** While a socket is open its idle text is sent this often, so proxies and the server keep it (spec: idle ping). */
export const LIVE_IDLE_PING_MS = 60_000;

/** Idle texts, sent verbatim; the server recognises them (spec section 4). */
export const EG_MONITOR_IDLE_TEXT = 'eg monitor idle';
export const MESSAGE_IDLE_TEXT = 'msg idle';

/** The gateway status of an EG monitor is polled this often (spec: polling). */
export const EG_GATEWAY_POLL_MS = 60_000;

/**
 * The open-monitor call asks the gateway to push values for `EG_OPEN_DELAY` seconds; it is repeated every
 * `EG_OPEN_REPEAT_MS`, 20 s before that window ends, so pushes never lapse while the screen is watched.
 */
export const EG_OPEN_DELAY = 600;
export const EG_OPEN_REPEAT_MS = 580_000;

/**
 * With the gateway's economize mode on, an operator with no mouse or key activity for this long is taken to be
 * away: the open call is not repeated (saving the gateway's data plan) until activity returns.
 */
export const ACTIVITY_IDLE_MS = 120_000;

/**
 * Activity listeners run on every mouse move; they tell subscribers at most this often. One second is far finer
 * than the 120 s idle threshold needs, and still reopens monitoring at once when the operator comes back.
 */
export const ACTIVITY_THROTTLE_MS = 1_000;

/** Gateway info answers this code when the equipment has no gateway bound (or no data): clear the gateway. */
export const NO_GATEWAY_CODE = '2001';

/**
 * The project monitor (spec sections 4 and 9; docs/project-monitor.md): a project page's gateways are asked to push
 * for `PROJECT_OPEN_DELAY` seconds, each online non-VPN one in turn with `PROJECT_OPEN_SPACING_MS` between the
 * requests, and again every `PROJECT_OPEN_REPEAT_MS` (30 s before the window ends). A write waits at most
 * `PROJECT_WRITE_WAIT_MS` for its callback.
 */
export const PROJECT_MONITOR_IDLE_TEXT = 'project monitor idle';
export const PROJECT_OPEN_DELAY = Limits.ProjectMonitorWindowSeconds;
export const PROJECT_OPEN_REPEAT_MS = 3_570_000;
export const PROJECT_OPEN_SPACING_MS = 100;
export const PROJECT_WRITE_WAIT_MS = 60_000;
