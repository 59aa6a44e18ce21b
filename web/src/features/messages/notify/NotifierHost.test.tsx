import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotifierLease } from './NotifierHost';

describe('the message notifier runs once, whatever shows the bell', () => {
  it('gives the lease to the first host mounted, and to the next when it goes', () => {
    const shell = renderHook(() => useNotifierLease());
    const designer = renderHook(() => useNotifierLease());
    expect(shell.result.current).toBe(true);
    expect(designer.result.current).toBe(false);
    act(() => shell.unmount());
    expect(designer.result.current).toBe(true);
    const preview = renderHook(() => useNotifierLease());
    expect(preview.result.current).toBe(false);
    act(() => designer.unmount());
    expect(preview.result.current).toBe(true);
    preview.unmount();
  });
});
