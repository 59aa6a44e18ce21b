/**
 * The detail screen's route parameters (spec section 2): `/monitor/eg/detail/list/:id`, `…/:id/:alarm` and
 * `…/:id/:orderType/:orderId`.
 *
 * `:alarm` is how the message centre's alarm messages (and the equipment list's alarm badge) open the screen at
 * its alarms: the spec names the parameter but not its values, and the route table's own test uses `true`. Any
 * value opens the Alarm tab except an explicit "no" (`0`, `false`, `no`, empty), so a flag (`1`, `true`,
 * `alarm`) and an alarm id both lead to the alarms. The work-order form opens on the realtime data with the order
 * beside it (features/monitor/detail/components/OrderBeside.tsx): a repair order or an inspection worksheet.
 */

export const DETAIL_TABS = ['realtime', 'equipment', 'gateway', 'command', 'history', 'reports', 'alarm', 'curve', 'repair', 'inspection'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export function isDetailTab(value: unknown): value is DetailTab {
  return typeof value === 'string' && (DETAIL_TABS as readonly string[]).includes(value);
}

const NOT_ALARM = new Set(['', '0', 'false', 'no']);

/** Whether the `:alarm` parameter asks for the Alarm tab. */
export function opensAlarm(alarm: string | undefined): boolean {
  if (alarm === undefined) return false;
  return !NOT_ALARM.has(alarm.trim().toLowerCase());
}

/** The tab to show: the `tab` query parameter when valid, else the Alarm tab if `:alarm` asks, else realtime. */
export function initialTab(params: { alarm?: string }, tabQuery: string | null): DetailTab {
  if (isDetailTab(tabQuery)) return tabQuery;
  return opensAlarm(params.alarm) ? 'alarm' : 'realtime';
}
