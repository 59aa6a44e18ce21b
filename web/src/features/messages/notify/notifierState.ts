/**
 * What the header shows of the message notifier: a message just arrived (the bell rings for 10 s: spec section 4,
 * the unread flag resets after 10 s), the browser blocks the alarm sound (the "click to enable sound" hint), and
 * the user's mute choice (kept in this browser). A small external store, so the bell, the mute button and the hint
 * redraw without a context above the shell.
 */
import { useSyncExternalStore } from 'react';

/** Spec section 4: the new-message flag resets after 10 s. */
export const FRESH_MS = 10_000;
const MUTED_KEY = 'ironsight.alarmSound.muted';

export interface NotifierState {
  fresh: boolean;
  /** The message socket is open: new messages arrive as they happen (else only the minute's poll counts them). */
  live: boolean;
  soundBlocked: boolean;
  muted: boolean;
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

let state: NotifierState = { fresh: false, live: false, soundBlocked: false, muted: readMuted() };
const listeners = new Set<() => void>();
let freshTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: Partial<NotifierState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function markFresh(): void {
  clearTimeout(freshTimer);
  set({ fresh: true });
  freshTimer = setTimeout(() => set({ fresh: false }), FRESH_MS);
}

export function setLive(live: boolean): void {
  if (state.live !== live) set({ live });
}

export function setSoundBlocked(soundBlocked: boolean): void {
  if (state.soundBlocked !== soundBlocked) set({ soundBlocked });
}

export function setMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTED_KEY, muted ? '1' : '0');
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
  set({ muted });
}

export function notifierState(): NotifierState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifierState(): NotifierState {
  return useSyncExternalStore(subscribe, notifierState, notifierState);
}
