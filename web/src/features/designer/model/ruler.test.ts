import { describe, expect, it } from 'vitest';
import { rulerMarks, rulerStep } from './ruler';

describe('the rulers', () => {
  it('numbers marks at least 50 screen pixels apart, on 1, 2, 5 steps', () => {
    expect(rulerStep(1)).toBe(10);
    expect(rulerStep(2)).toBe(5);
    expect(rulerStep(0.25)).toBe(50);
    expect(rulerStep(0.5)).toBe(20);
    for (const zoom of [0.25, 0.3, 0.5, 0.75, 1, 1.5, 2]) expect(rulerStep(zoom) * 5 * zoom).toBeGreaterThanOrEqual(50);
  });

  it('marks the whole length, every fifth numbered', () => {
    const marks = rulerMarks(100, 1);
    expect(marks.map((m) => m.at)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(marks.filter((m) => m.major).map((m) => m.at)).toEqual([0, 50, 100]);
  });
});
