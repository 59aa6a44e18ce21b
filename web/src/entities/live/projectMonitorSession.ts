/**
 * The project monitor session (spec section 4, "Project monitor"; docs/project-monitor.md): while a project's page
 * is shown, keep the gateways of the equipment it binds pushing values, over one socket for all of them.
 *
 * - The gateways of the page's equipment are asked at once (`gateway/query`, one call for all) and then every
 *   {@link EG_GATEWAY_POLL_MS}, as the EG session polls its one gateway, so the page's status follows them.
 * - Each equipment whose gateway is online and not in VPN mode is opened (`gateway/open`, delay 3600 s and the
 *   gateway's interval), one request every {@link PROJECT_OPEN_SPACING_MS}: at the first answer, when its gateway
 *   becomes reachable, and all of them again every {@link PROJECT_OPEN_REPEAT_MS}.
 * - Monitoring of an equipment is on at start; it turns off when its gateway is offline, in VPN mode or missing, or
 *   when its open call fails (tried again at the next repeat).
 * - Values come over the project signal channel, each frame naming its equipment; per signal a newer `time` replaces
 *   an older one, never the reverse. Alarm counts are the equipment's latest frame's.
 * - An equipment's `loaded` turns on with its first frame, or when the wait for one ends (a failed call, a gateway
 *   that cannot be monitored).
 *
 * Plain TypeScript with injected API, channel and clock, as the EG session, so each rule is tested with fake timers;
 * useProjectLiveEquipments is the React side.
 */
import type { ProjectFrame, ProjectGateway } from '@/generated/answers';
import { systemClock, type Clock, type TimerHandle } from './clock';
import { INITIAL_EG_MONITOR_STATE, mergeSignalValues, type EgMonitorState } from './egMonitorSession';
import type { LiveChannel } from './liveChannel';
import { EG_GATEWAY_POLL_MS, PROJECT_OPEN_REPEAT_MS, PROJECT_OPEN_SPACING_MS } from './liveConstants';
import type { ProjectMonitorApi, ProjectPageRef } from './projectMonitorApi';

/** One equipment's state in a project session: the EG session's, with the project's gateway item. */
export type ProjectEquipmentState = Omit<EgMonitorState, 'gateway'> & { gateway: ProjectGateway | null };

/** Each equipment's state, by its id as text. */
export type ProjectMonitorStates = Readonly<Record<string, ProjectEquipmentState>>;

export const INITIAL_PROJECT_EQUIPMENT_STATE: ProjectEquipmentState = Object.freeze({
  ...INITIAL_EG_MONITOR_STATE,
  gateway: null,
});

export interface ProjectMonitorSessionDeps {
  api: ProjectMonitorApi;
  /** Opens the values channel (the project signal channel of the page's equipment); closed when the session stops. */
  openValues: (onFrame: (frame: ProjectFrame) => void) => LiveChannel;
  clock?: Clock;
}

/** An equipment's gateway that may be opened: bound, online, not in VPN mode. */
export function canOpen(gateway: ProjectGateway | null): gateway is ProjectGateway & { interval: number } {
  return gateway !== null && gateway.sn !== null && gateway.interval !== null && gateway.online && !gateway.vpn;
}

export class ProjectMonitorSession {
  private states: ProjectMonitorStates;
  private readonly listeners = new Set<(states: ProjectMonitorStates) => void>();
  private readonly clock: Clock;
  private started = false;
  private stopped = false;
  private channel: LiveChannel | null = null;
  private pollTimer: TimerHandle | undefined;
  private repeatTimer: TimerHandle | undefined;
  private openTimer: TimerHandle | undefined;
  /** Equipment waiting for their open request, in order; each at most once. */
  private readonly queue: number[] = [];
  /** Numbers each equipment's open calls, so only its latest one's outcome is applied. */
  private readonly openSequence = new Map<number, number>();

  constructor(
    readonly page: ProjectPageRef,
    readonly equipmentIds: readonly number[],
    private readonly deps: ProjectMonitorSessionDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
    this.states = Object.fromEntries(equipmentIds.map((id) => [String(id), INITIAL_PROJECT_EQUIPMENT_STATE]));
  }

  getState(): ProjectMonitorStates {
    return this.states;
  }

  /** Calls `listener` with every new state. Returns the unsubscribe function. */
  subscribe(listener: (states: ProjectMonitorStates) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Opens the values channel and asks for the gateways. Only the first call does anything. */
  start(): void {
    if (this.started || this.stopped || this.equipmentIds.length === 0) return;
    this.started = true;
    this.channel = this.deps.openValues((frame) => this.applyFrame(frame));
    void this.pollGateways();
  }

  /** Ends the session for good: timers and channel; answers still in flight are ignored. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of [this.pollTimer, this.repeatTimer, this.openTimer]) this.clock.clearTimeout(timer);
    this.queue.length = 0;
    this.channel?.close();
    this.listeners.clear();
  }

  private update(equipmentId: number, patch: Partial<ProjectEquipmentState>): void {
    const key = String(equipmentId);
    const held = this.states[key];
    if (this.stopped || held === undefined) return;
    this.states = { ...this.states, [key]: { ...held, ...patch } };
    for (const listener of [...this.listeners]) listener(this.states);
  }

  private stateOf(equipmentId: number): ProjectEquipmentState {
    return this.states[String(equipmentId)] ?? INITIAL_PROJECT_EQUIPMENT_STATE;
  }

  private async pollGateways(): Promise<void> {
    try {
      const items = await this.deps.api.queryGateways(this.page.pageId, this.equipmentIds);
      if (!this.stopped) this.applyGateways(items);
    } catch {
      // The last known gateways stay in force; the next poll tries again. No values wait on this answer.
      if (!this.stopped) for (const id of this.equipmentIds) this.update(id, { loaded: true });
    }
    if (!this.stopped) this.pollTimer = this.clock.setTimeout(() => void this.pollGateways(), EG_GATEWAY_POLL_MS);
  }

  private applyGateways(items: readonly ProjectGateway[]): void {
    const reachable: number[] = [];
    for (const equipmentId of this.equipmentIds) {
      const item = items.find((g) => g.equipmentId === equipmentId);
      const gateway = item && item.sn !== null ? item : null;
      const wasOpenable = canOpen(this.stateOf(equipmentId).gateway);
      if (!canOpen(gateway)) {
        this.update(equipmentId, { gateway, monitoring: false, loaded: true, ...(gateway ? {} : { gatewayAlarm: 0 }) });
        continue;
      }
      this.update(equipmentId, { gateway });
      if (!wasOpenable) reachable.push(equipmentId);
    }
    // The repeat starts with the first answer and runs on its own clock from then.
    if (this.repeatTimer === undefined) this.scheduleRepeat();
    this.enqueue(reachable);
  }

  private scheduleRepeat(): void {
    this.repeatTimer = this.clock.setTimeout(() => {
      this.enqueue(this.equipmentIds.filter((id) => canOpen(this.stateOf(id).gateway)));
      this.scheduleRepeat();
    }, PROJECT_OPEN_REPEAT_MS);
  }

  private enqueue(equipmentIds: readonly number[]): void {
    for (const id of equipmentIds) if (!this.queue.includes(id)) this.queue.push(id);
    // While a pause runs, its end sends the next; otherwise nothing was sent lately and this may go now.
    if (this.openTimer === undefined) this.openNext();
  }

  /**
   * Sends the open request of the next equipment that may be opened, then pauses {@link PROJECT_OPEN_SPACING_MS}
   * before the one after (also before one queued later, so no two requests are closer than that).
   */
  private openNext(): void {
    this.openTimer = undefined;
    while (!this.stopped) {
      const equipmentId = this.queue.shift();
      if (equipmentId === undefined) return;
      const gateway = this.stateOf(equipmentId).gateway;
      if (!canOpen(gateway)) continue;
      const sequence = (this.openSequence.get(equipmentId) ?? 0) + 1;
      this.openSequence.set(equipmentId, sequence);
      const latest = () => this.openSequence.get(equipmentId) === sequence;
      this.deps.api.openGateway({ projectId: this.page.projectId, equipmentId, interval: gateway.interval }).then(
        () => {
          if (latest() && canOpen(this.stateOf(equipmentId).gateway)) this.update(equipmentId, { monitoring: true });
        },
        () => {
          if (latest()) this.update(equipmentId, { monitoring: false, loaded: true });
        },
      );
      this.openTimer = this.clock.setTimeout(() => this.openNext(), PROJECT_OPEN_SPACING_MS);
      return;
    }
  }

  private applyFrame(frame: ProjectFrame): void {
    const held = this.states[String(frame.equipmentId)];
    if (held === undefined) return;
    this.update(frame.equipmentId, {
      values: mergeSignalValues(held.values, frame.signalVal),
      gatewayAlarm: frame.gatewayAlarm,
      signalAlarm: frame.signalAlarm,
      loaded: true,
    });
  }
}
