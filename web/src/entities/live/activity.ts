/**
 * Operator activity (spec section 4): the EG monitor stops re-opening an economizing gateway when nobody has
 * moved the mouse or pressed a key for a while, and re-opens it the moment someone does. This module only
 * observes; the session decides what "a while" is.
 */
import { ACTIVITY_THROTTLE_MS } from './liveConstants';
import { systemClock, type Clock } from './clock';

/** What the session needs to know about activity. */
export interface ActivitySource {
  /** When activity was last seen, in clock milliseconds; the tracker's creation counts as activity. */
  lastActivityAt(): number;
  /** Calls `listener` on activity, at most once per throttle window. Returns the unsubscribe function. */
  onActivity(listener: () => void): () => void;
}

export interface ActivityTracker extends ActivitySource {
  /** Removes the window listeners. */
  dispose(): void;
}

/** The events that count as activity: mouse and keyboard, nothing the page does on its own (scroll, focus). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown'] as const;

type EventTargetLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface ActivityTrackerOptions {
  target?: EventTargetLike;
  throttleMs?: number;
  clock?: Pick<Clock, 'now'>;
}

/**
 * Listens for activity on `target` (the window by default). Mouse moves fire many times a second, so an event
 * within `throttleMs` of the last recorded one is ignored: it neither moves the timestamp nor wakes listeners.
 * Listeners use the capture phase, so a component that stops propagation cannot hide activity.
 */
export function trackActivity(options: ActivityTrackerOptions = {}): ActivityTracker {
  const target = options.target ?? window;
  const throttleMs = options.throttleMs ?? ACTIVITY_THROTTLE_MS;
  const clock = options.clock ?? systemClock;
  const listeners = new Set<() => void>();
  let last = clock.now();

  const handle = () => {
    const now = clock.now();
    if (now - last < throttleMs) return;
    last = now;
    for (const listener of [...listeners]) listener();
  };

  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, handle, listenerOptions);

  return {
    lastActivityAt: () => last,
    onActivity(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, handle, listenerOptions);
      listeners.clear();
    },
  };
}
