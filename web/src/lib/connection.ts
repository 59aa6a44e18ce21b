/**
 * Whether the console can reach its server (issue 15: operators on the move lose the network). Every API call
 * reports it (lib/api/client.ts, setReachabilityListener); the browser's offline event says so at once. While the
 * server is unreachable a probe (the public theme call) asks again every {@link PROBE_MS}, so the console notices
 * the way back without waiting for a screen's next poll. The shell shows a banner with the time the server last
 * answered, and the live screens grey their values: numbers from before the loss must not look live.
 */
import { useSyncExternalStore } from 'react';
import { setReachabilityListener } from '@/lib/api/client';
import { fetchTheme } from '@/lib/theme';

/** How often the probe asks while the server is unreachable. */
export const PROBE_MS = 10_000;
const PROBE_TIMEOUT_MS = 8_000;

export interface Connection {
  reachable: boolean;
  /** When the server last answered (ms), null before the first answer. */
  lastAnswer: number | null;
}

/** When the server last answered: kept without redrawing anything, read when reachability changes. */
let lastAnswer: number | null = null;
/** What the screens see; a new object only when reachability changes. */
let state: Connection = { reachable: true, lastAnswer: null };
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setInterval> | null = null;

function publish(reachable: boolean): void {
  state = { reachable, lastAnswer };
  for (const listener of listeners) listener();
}

/** Records an answer (true) or a failure to get one (false). */
export function reportReachable(reachable: boolean, now = Date.now()): void {
  if (reachable) {
    lastAnswer = now;
    stopProbe();
    if (!state.reachable) publish(true);
    return;
  }
  if (state.reachable) publish(false);
  startProbe();
}

/** One question to the server; its answer (or failure) reaches {@link reportReachable} through the client. */
function probeOnce(): void {
  void fetchTheme({ timeoutMs: PROBE_TIMEOUT_MS }).catch(() => undefined);
}

function startProbe(): void {
  if (probe === null) probe = setInterval(probeOnce, PROBE_MS);
}

function stopProbe(): void {
  if (probe === null) return;
  clearInterval(probe);
  probe = null;
}

let installed = false;

/** Wires the client's reports and the browser's online/offline events (once, at start-up). */
export function installConnectionWatch(): void {
  if (installed) return;
  installed = true;
  setReachabilityListener((reachable) => reportReachable(reachable));
  window.addEventListener('offline', () => reportReachable(false));
  // Back online only says the device has a network: the probe confirms the server answers.
  window.addEventListener('online', probeOnce);
}

/** Reachability now, with the time of the very last answer (outside React: tests, logs). */
export function connectionNow(): Connection {
  return { reachable: state.reachable, lastAnswer };
}

export function useConnection(): Connection {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    () => state,
    () => state,
  );
}

/** For tests: back to the start (reachable, no answer yet, no probe). */
export function resetConnection(): void {
  stopProbe();
  lastAnswer = null;
  publish(true);
}
