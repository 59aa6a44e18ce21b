import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { SAVED_SHOWN_MS, SavedMark } from './SavedMark';

beforeEach(async () => {
  await changeLanguage('en');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the "saved" mark beside the title', () => {
  it('shows after a save and goes on its own, even with the pointer resting on it', () => {
    const { rerender } = render(<SavedMark at={null} />);
    expect(screen.queryByTestId('designer-saved')).toBeNull();
    rerender(<SavedMark at={1000} />);
    const mark = screen.getByTestId('designer-saved');
    expect(mark.textContent).toContain('Page saved');
    fireEvent.mouseEnter(mark);
    fireEvent.mouseOver(mark);
    act(() => vi.advanceTimersByTime(SAVED_SHOWN_MS));
    expect(screen.queryByTestId('designer-saved')).toBeNull();
    // A later save shows it again; a change since hides it at once.
    rerender(<SavedMark at={2000} />);
    expect(screen.getByTestId('designer-saved')).toBeTruthy();
    rerender(<SavedMark at={null} />);
    expect(screen.queryByTestId('designer-saved')).toBeNull();
  });
});
