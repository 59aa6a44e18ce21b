import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, trackActivity, type ActivityTracker } from './activity';
import { ACTIVITY_THROTTLE_MS } from './liveConstants';

const T0 = new Date('2024-05-01T08:00:00Z').getTime();
let tracker: ActivityTracker | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  tracker?.dispose();
  tracker = undefined;
  vi.useRealTimers();
});

describe('trackActivity (spec section 4: mouse or key activity)', () => {
  it('counts its own creation as activity', () => {
    tracker = trackActivity();
    expect(tracker.lastActivityAt()).toBe(T0);
  });

  it.each(ACTIVITY_EVENTS)('records %s on the window and tells listeners', (type) => {
    tracker = trackActivity();
    const listener = vi.fn();
    tracker.onActivity(listener);
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event(type));
    expect(tracker.lastActivityAt()).toBe(T0 + 5_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores events that are not mouse or key activity', () => {
    tracker = trackActivity();
    vi.advanceTimersByTime(5_000);
    for (const type of ['scroll', 'focus', 'wheel', 'keyup', 'mouseup']) window.dispatchEvent(new Event(type));
    expect(tracker.lastActivityAt()).toBe(T0);
  });

  it('sees activity even when a component stops its propagation', () => {
    tracker = trackActivity();
    const button = document.createElement('button');
    document.body.append(button);
    button.addEventListener('mousedown', (event) => event.stopPropagation());
    vi.advanceTimersByTime(5_000);
    button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(tracker.lastActivityAt()).toBe(T0 + 5_000);
    button.remove();
  });

  it('is throttled: at most one notification per throttle window', () => {
    const target = new EventTarget();
    tracker = trackActivity({ target });
    const listener = vi.fn();
    tracker.onActivity(listener);
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    target.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS - 1);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('keydown'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tracker.lastActivityAt()).toBe(T0 + ACTIVITY_THROTTLE_MS);
    vi.advanceTimersByTime(1);
    target.dispatchEvent(new Event('mousemove'));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(tracker.lastActivityAt()).toBe(T0 + 2 * ACTIVITY_THROTTLE_MS);
  });

  it('stops telling a listener that unsubscribed', () => {
    const target = new EventTarget();
    tracker = trackActivity({ target, throttleMs: 0 });
    const listener = vi.fn();
    const unsubscribe = tracker.onActivity(listener);
    unsubscribe();
    target.dispatchEvent(new Event('keydown'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops listening once disposed', () => {
    const target = new EventTarget();
    const remove = vi.spyOn(target, 'removeEventListener');
    tracker = trackActivity({ target });
    tracker.dispose();
    expect(remove).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length);
    vi.advanceTimersByTime(5_000);
    target.dispatchEvent(new Event('mousemove'));
    expect(tracker.lastActivityAt()).toBe(T0);
  });
});
