import { describe, expect, it } from 'vitest';
import { RollingBuffer } from './rollingBuffer';

describe('rolling buffer of the real-time curve', () => {
  it('keeps new values in time order and ignores repeats and older ones', () => {
    const buffer = new RollingBuffer(60_000, 100);
    expect(buffer.push('1', 1000, 5)).toBe(true);
    expect(buffer.push('1', 1000, 6)).toBe(false);
    expect(buffer.push('1', 900, 7)).toBe(false);
    expect(buffer.push('1', 2000, null)).toBe(true);
    expect(buffer.push('1', Number.NaN, 1)).toBe(false);
    expect(buffer.points('1', 2000)).toEqual([
      [1000, 5],
      [2000, null],
    ]);
  });

  it('drops what is older than the window', () => {
    const buffer = new RollingBuffer(10_000, 100);
    for (let t = 0; t <= 30_000; t += 1000) buffer.push('1', t, t);
    const points = buffer.points('1', 30_000);
    expect(points[0]).toEqual([20_000, 20_000]);
    expect(points).toHaveLength(11);
    expect(buffer.size()).toBe(11);
  });

  it('holds at most maxPoints per signal however fast values come', () => {
    const buffer = new RollingBuffer(3_600_000, 50);
    for (let t = 1; t <= 1000; t++) buffer.push('1', t, t);
    expect(buffer.size()).toBe(50);
    expect(buffer.points('1', 1000)[0]).toEqual([951, 951]);
  });

  it('forgets a silent signal once its values leave the window', () => {
    const buffer = new RollingBuffer(10_000, 100);
    buffer.push('quiet', 0, 1);
    buffer.push('busy', 50_000, 1);
    expect(buffer.points('quiet', 50_000)).toEqual([]);
    expect(buffer.size()).toBe(1);
  });

  it('shows a shorter window than it keeps', () => {
    const buffer = new RollingBuffer(60_000, 1000);
    for (let t = 0; t <= 60_000; t += 10_000) buffer.push('1', t, t);
    expect(buffer.points('1', 60_000, 20_000).map(([t]) => t)).toEqual([40_000, 50_000, 60_000]);
  });

  it('adds a whole snapshot and counts what was new', () => {
    const buffer = new RollingBuffer();
    expect(buffer.pushAll({ '1': { time: 5, value: 1 }, '2': { time: 5, value: 2 } })).toBe(2);
    expect(buffer.pushAll({ '1': { time: 5, value: 1 }, '2': { time: 6, value: 3 } })).toBe(1);
    buffer.clear();
    expect(buffer.size()).toBe(0);
  });
});
