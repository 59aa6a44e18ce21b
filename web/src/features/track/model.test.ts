import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '@/generated/answers';
import { PLAY_SECONDS, advance, atEnd, indexAt, positionAt, recentRange, span } from './model';

const path: TrackPoint[] = [
  { t: 1000, lat: 31, lng: 121 },
  { t: 2000, lat: 32, lng: 121 },
  { t: 4000, lat: 32, lng: 123 },
];

describe('track playback model', () => {
  it('finds the point at or before a time', () => {
    expect([500, 1000, 1999, 2000, 3999, 9999].map((t) => indexAt(path, t))).toEqual([0, 0, 0, 1, 1, 2]);
    expect(indexAt([], 5)).toBe(0);
  });

  it('interpolates the position between points and holds the ends', () => {
    expect(positionAt(path, 1500)).toEqual({ t: 1500, lat: 31.5, lng: 121 });
    expect(positionAt(path, 3000)).toEqual({ t: 3000, lat: 32, lng: 122 });
    expect(positionAt(path, 0)).toEqual(path[0]);
    expect(positionAt(path, 99_999)).toEqual(path[2]);
    expect(positionAt([], 1)).toBeNull();
  });

  it('plays the whole track in PLAY_SECONDS at 1x and faster at higher speeds, stopping at the end', () => {
    const whole = 3000;
    expect(advance(1000, PLAY_SECONDS * 1000, 1, path)).toBe(1000 + whole);
    expect(advance(1000, (PLAY_SECONDS * 1000) / 4, 1, path)).toBe(1000 + whole / 4);
    expect(advance(1000, (PLAY_SECONDS * 1000) / 4, 4, path)).toBe(4000);
    expect(advance(1000, 10 * PLAY_SECONDS * 1000, 8, path)).toBe(4000);
    expect(atEnd(4000, path)).toBe(true);
    expect(atEnd(3999, path)).toBe(false);
    expect(advance(7, 1000, 2, [])).toBe(7);
  });

  it('spans the path and defaults to the last day', () => {
    expect(span(path)).toEqual({ start: 1000, end: 4000 });
    expect(span([])).toBeNull();
    expect(recentRange(100_000_000)).toEqual([100_000_000 - 86_400_000, 100_000_000]);
  });
});
