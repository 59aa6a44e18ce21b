import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TITLE_FLASH_MS, TITLE_STEP_MS, flashTitle, titleFrame } from './titleFlash';

describe('the title animation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('scrolls the text a character a step, Chinese characters whole', () => {
    expect(titleFrame('新报警', 0)).toBe('新报警　');
    expect(titleFrame('新报警', 1)).toBe('报警　新');
    expect(titleFrame('新报警', 4)).toBe('新报警　');
  });

  it('steps every 200 ms for 10 s and then gives the title back', () => {
    const target = { title: 'Equipment · Ironsight' };
    flashTitle('ABC', target);
    expect(target.title).toBe('ABC　');
    vi.advanceTimersByTime(TITLE_STEP_MS);
    expect(target.title).toBe('BC　A');
    vi.advanceTimersByTime(TITLE_STEP_MS);
    expect(target.title).toBe('C　AB');
    vi.advanceTimersByTime(TITLE_FLASH_MS - 2 * TITLE_STEP_MS);
    expect(target.title).toBe('Equipment · Ironsight');
    vi.advanceTimersByTime(TITLE_STEP_MS * 5);
    expect(target.title).toBe('Equipment · Ironsight');
  });

  it('restores the title a screen set meanwhile, and stops early when asked', () => {
    const target = { title: 'List' };
    const stop = flashTitle('New', target);
    target.title = 'Detail';
    vi.advanceTimersByTime(TITLE_STEP_MS);
    expect(target.title).not.toBe('Detail');
    stop();
    expect(target.title).toBe('Detail');
    stop();
    expect(target.title).toBe('Detail');
  });
});
