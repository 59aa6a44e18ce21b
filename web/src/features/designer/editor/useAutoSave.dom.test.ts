import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAutoSave } from './useAutoSave';

afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it('saves every interval while there is something to save, and not while off', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    let due = true;
    const { rerender, unmount } = renderHook((props: { enabled: boolean }) =>
      useAutoSave({ enabled: props.enabled, minutes: 5, due: () => due, save }),
    { initialProps: { enabled: true } });
    vi.advanceTimersByTime(4 * 60_000);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    // Nothing unsaved (or a save under way): the timer passes without a save.
    due = false;
    vi.advanceTimersByTime(5 * 60_000);
    expect(save).toHaveBeenCalledTimes(1);
    // Re-rendered on every edit, the timer keeps its rhythm.
    due = true;
    vi.advanceTimersByTime(3 * 60_000);
    rerender({ enabled: true });
    vi.advanceTimersByTime(2 * 60_000);
    expect(save).toHaveBeenCalledTimes(2);
    rerender({ enabled: false });
    vi.advanceTimersByTime(30 * 60_000);
    expect(save).toHaveBeenCalledTimes(2);
    unmount();
  });
});
