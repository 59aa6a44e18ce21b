/**
 * The EG monitor session (spec section 4): while an equipment's monitor screen is shown, keep its gateway pushing
 * values and keep the screen's view of them current.
 *
 * - The gateway status is fetched at once and then every {@link EG_GATEWAY_POLL_MS}.
 * - Monitoring is on at start. It turns off when the gateway is offline or in VPN mode, when no gateway is bound
 *   (code 2001, which also clears the gateway and its alarm count), or when the open call fails.
 * - The open call asks the gateway to push for 600 s; it is made when the gateway is first (or again) reachable and
 *   repeated every {@link EG_OPEN_REPEAT_MS}. A failed open is tried again at the next repeat.
 * - With the gateway's `economizeOpen` on and no mouse or key activity for {@link ACTIVITY_IDLE_MS}, an open is
 *   skipped (monitoring goes off) and none is scheduled; the next activity opens at once and restarts the repeat.
 * - Values come over the EG signal channel. Per signal a newer `time` replaces an older one, never the reverse,
 *   so a late frame cannot roll a value back. Alarm counts are the latest frame's.
 * - `loaded` turns on with the first frame, or when something ends the wait for one: a failed call, or a
 *   gateway that cannot be monitored (no values would ever come).
 *
 * The session is plain TypeScript with injected API, channel, activity and clock, so every rule above is tested
 * with fake timers; useEgMonitorSession is the React side.
 */
import type { EgFrame, Gateway } from '@/generated/answers';
import { ApiError } from '@/lib/api/errors';
import type { ActivitySource } from './activity';
import { systemClock, type Clock, type TimerHandle } from './clock';
import type { EgMonitorApi, EquipmentId } from './egMonitorApi';
import type { LiveChannel } from './liveChannel';
import { ACTIVITY_IDLE_MS, EG_GATEWAY_POLL_MS, EG_OPEN_REPEAT_MS, NO_GATEWAY_CODE } from './liveConstants';

export interface EgMonitorState {
  /** Whether the gateway is (believed to be) pushing values. */
  monitoring: boolean;
  /** False until the first values arrive or the wait for them ends; screens show a spinner until then. */
  loaded: boolean;
  /** The last gateway status; null before the first answer and when no gateway is bound. */
  gateway: Gateway | null;
  gatewayAlarm: number;
  /** Values by signal id: every frame's merged, a newer `time` winning. */
  values: EgFrame['signalVal'];
  /** The latest frame's alarm counts by signal id. */
  signalAlarm: EgFrame['signalAlarm'];
}

export const INITIAL_EG_MONITOR_STATE: EgMonitorState = Object.freeze({
  monitoring: true,
  loaded: false,
  gateway: null,
  gatewayAlarm: 0,
  values: Object.freeze({}),
  signalAlarm: Object.freeze({}),
});

export interface EgMonitorSessionDeps {
  api: EgMonitorApi;
  /** Opens the values channel (the EG signal channel of this equipment); closed when the session stops. */
  openValues: (onFrame: (frame: EgFrame) => void) => LiveChannel;
  activity: ActivitySource;
  clock?: Clock;
}

export type EgMonitorListener = (state: EgMonitorState) => void;

/** Whether monitoring can be opened at all with this gateway. */
export function canMonitor(gateway: Gateway | null): gateway is Gateway {
  return gateway !== null && gateway.online && !gateway.vpn;
}

/**
 * `current` with the frame's values merged in: an entry replaces the one held only when its time is not older
 * (an equal time is a resend and may correct the quality). Returns `current` itself when nothing changed.
 */
export function mergeSignalValues(current: EgFrame['signalVal'], incoming: EgFrame['signalVal']): EgFrame['signalVal'] {
  let merged: EgFrame['signalVal'] | null = null;
  for (const [signalId, value] of Object.entries(incoming)) {
    if (!value) continue;
    const held = Object.prototype.hasOwnProperty.call(current, signalId) ? current[signalId] : undefined;
    if (held && value.time < held.time) continue;
    merged ??= { ...current };
    merged[signalId] = value;
  }
  return merged ?? current;
}

export class EgMonitorSession {
  private state: EgMonitorState = INITIAL_EG_MONITOR_STATE;
  private readonly listeners = new Set<EgMonitorListener>();
  private readonly clock: Clock;
  private started = false;
  private stopped = false;
  private channel: LiveChannel | null = null;
  private unsubscribeActivity: (() => void) | null = null;
  private pollTimer: TimerHandle | undefined;
  private openTimer: TimerHandle | undefined;
  /** An open was skipped because the operator is away; the next activity makes it. */
  private waitingForActivity = false;
  /** Numbers open calls, so only the latest one's outcome is applied. */
  private openSequence = 0;

  constructor(
    readonly equipmentId: EquipmentId,
    private readonly deps: EgMonitorSessionDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  getState(): EgMonitorState {
    return this.state;
  }

  /** Calls `listener` with every new state. Returns the unsubscribe function. */
  subscribe(listener: EgMonitorListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Opens the values channel and fetches the gateway status. Only the first call does anything. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.channel = this.deps.openValues((frame) => this.applyFrame(frame));
    this.unsubscribeActivity = this.deps.activity.onActivity(() => this.onActivity());
    void this.pollGateway();
  }

  /** Ends the session for good: timers, channel and activity subscription; answers still in flight are ignored. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clock.clearTimeout(this.pollTimer);
    this.clock.clearTimeout(this.openTimer);
    this.channel?.close();
    this.unsubscribeActivity?.();
    this.listeners.clear();
  }

  private update(patch: Partial<EgMonitorState>): void {
    if (this.stopped) return;
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener(this.state);
  }

  private async pollGateway(): Promise<void> {
    try {
      const gateway = await this.deps.api.fetchGatewayInfo(this.equipmentId);
      if (!this.stopped) this.applyGateway(gateway);
    } catch (error) {
      if (!this.stopped) this.applyGatewayFailure(error);
    }
    // The next poll counts from this answer, so a slow server never has two polls of one screen in flight.
    if (!this.stopped) this.pollTimer = this.clock.setTimeout(() => void this.pollGateway(), EG_GATEWAY_POLL_MS);
  }

  private applyGateway(gateway: Gateway): void {
    const wasMonitorable = canMonitor(this.state.gateway);
    if (!canMonitor(gateway)) {
      this.cancelOpens();
      this.update({ gateway, monitoring: false, loaded: true });
      return;
    }
    this.update({ gateway });
    // Open when the gateway becomes reachable (first answer, back online, out of VPN mode), or when an open that
    // waits for the operator no longer has to (economize mode was switched off). Otherwise the repeat timer, or
    // the wait for activity, is already in charge.
    if (!wasMonitorable || (this.waitingForActivity && !this.operatorAway(gateway))) this.openNow();
  }

  private applyGatewayFailure(error: unknown): void {
    if (error instanceof ApiError && error.code === NO_GATEWAY_CODE) {
      this.cancelOpens();
      this.update({ gateway: null, gatewayAlarm: 0, monitoring: false, loaded: true });
      return;
    }
    // Any other failure (network, timeout) leaves the last known status in force; the next poll tries again.
    this.update({ loaded: true });
  }

  private cancelOpens(): void {
    this.clock.clearTimeout(this.openTimer);
    this.openTimer = undefined;
    this.waitingForActivity = false;
  }

  private operatorAway(gateway: Gateway): boolean {
    return gateway.economizeOpen && this.clock.now() - this.deps.activity.lastActivityAt() >= ACTIVITY_IDLE_MS;
  }

  /** Makes the open call now (unless the operator is away from an economizing gateway) and schedules the repeat. */
  private openNow(): void {
    this.clock.clearTimeout(this.openTimer);
    this.openTimer = undefined;
    const gateway = this.state.gateway;
    if (!canMonitor(gateway)) return;
    if (this.operatorAway(gateway)) {
      this.waitingForActivity = true;
      this.update({ monitoring: false });
      return;
    }
    this.waitingForActivity = false;
    this.openTimer = this.clock.setTimeout(() => this.openNow(), EG_OPEN_REPEAT_MS);
    const sequence = ++this.openSequence;
    this.deps.api.openMonitor({ equipmentId: this.equipmentId, interval: gateway.interval }).then(
      () => {
        if (sequence === this.openSequence && canMonitor(this.state.gateway)) this.update({ monitoring: true });
      },
      () => {
        if (sequence === this.openSequence) this.update({ monitoring: false, loaded: true });
      },
    );
  }

  private onActivity(): void {
    if (this.waitingForActivity && !this.stopped) this.openNow();
  }

  private applyFrame(frame: EgFrame): void {
    this.update({
      values: mergeSignalValues(this.state.values, frame.signalVal),
      gatewayAlarm: frame.gatewayAlarm,
      signalAlarm: frame.signalAlarm,
      loaded: true,
    });
  }
}
