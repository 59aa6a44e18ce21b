/**
 * The EG signal channel (spec sections 3, 4 and 7): the server pushes an equipment's signal values and alarm
 * counts while its gateway is monitored. Frames come from a device through the server, so they are checked
 * before use: one malformed frame is dropped whole rather than half-applied. A frame is the generated `EgFrame`
 * (values by signal id, each a `LiveValue` whose `time` orders it: an older value never wins; a frame may carry
 * only the signals that changed).
 */
import type { EgFrame, LiveValue } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { EG_MONITOR_IDLE_TEXT } from './liveConstants';
import { openLiveChannel, tokenOf, type LiveChannel, type LiveChannelStatus, type WebSocketLike } from './liveChannel';

export const EG_SIGNAL_TOKEN_PATH = '/lfscada/websocket/monitor/token';

export function egSignalSocketPath(token: string): string {
  return `/lfscada/ws/eg/signal/subscribe/${encodeURIComponent(token)}`;
}

/**
 * POST /lfscada/websocket/monitor/token {equipmentId} → the token in `data`. Silent: the channel retries every
 * 10 s, and a toast per retry would bury the screen (session loss is still handled by the client).
 */
export async function requestEgSignalToken(equipmentId: string | number): Promise<string> {
  return tokenOf(await post<unknown>(EG_SIGNAL_TOKEN_PATH, { equipmentId }, { silent: true }));
}

export interface EgSignalChannelOptions {
  equipmentId: string | number;
  /** Each well-formed frame; malformed ones are dropped. */
  onFrame: (frame: EgFrame) => void;
  onStatusChange?: (status: LiveChannelStatus) => void;
  createSocket?: (url: string) => WebSocketLike;
}

/** Opens the EG signal channel of one equipment. */
export function openEgSignalChannel(options: EgSignalChannelOptions): LiveChannel {
  return openLiveChannel({
    requestToken: () => requestEgSignalToken(options.equipmentId),
    socketPath: egSignalSocketPath,
    idleText: EG_MONITOR_IDLE_TEXT,
    onMessage: (data) => {
      const frame = parseEgSignalFrame(data);
      if (frame) options.onFrame(frame);
    },
    onStatusChange: options.onStatusChange,
    createSocket: options.createSocket,
  });
}

/**
 * The frame, or null when any part of it is malformed: all three fields present, every value entry with a
 * finite or null `value`, a finite `time` and a known `quality`, and finite alarm counts. The result is a fresh
 * object holding only the known fields, so nothing else the server adds leaks into state.
 */
export function parseEgSignalFrame(data: unknown): EgFrame | null {
  if (!isRecord(data)) return null;
  const { signalVal, gatewayAlarm, signalAlarm } = data;
  if (!isRecord(signalVal) || !isRecord(signalAlarm) || !isFiniteNumber(gatewayAlarm)) return null;
  const values: Record<string, LiveValue> = {};
  for (const [signalId, entry] of Object.entries(signalVal)) {
    const value = parseLiveValue(entry);
    if (!value) return null;
    values[signalId] = value;
  }
  const alarms: Record<string, number> = {};
  for (const [signalId, count] of Object.entries(signalAlarm)) {
    if (!isFiniteNumber(count)) return null;
    alarms[signalId] = count;
  }
  return { signalVal: values, gatewayAlarm, signalAlarm: alarms };
}

function parseLiveValue(entry: unknown): LiveValue | null {
  if (!isRecord(entry)) return null;
  const { value, time, quality, code } = entry;
  if (value !== null && !isFiniteNumber(value)) return null;
  if (!isFiniteNumber(time)) return null;
  if (quality !== 'good' && quality !== 'bad') return null;
  // The error code is optional extra detail: kept when readable, ignored (not fatal) otherwise. The server sends
  // a string ("1715"); a number is read as its text too.
  if (quality === 'bad' && (typeof code === 'string' || isFiniteNumber(code)) && String(code) !== '') {
    return { value, time, quality, code: String(code) };
  }
  return { value, time, quality };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
