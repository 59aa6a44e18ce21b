/**
 * Time as the EG monitor session sees it. Injected so a test (or a future shared scheduler) can drive it; the
 * system clock looks the globals up on every call, so vitest's fake timers apply even when installed after import.
 */
export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};
