import { describe, expect, it } from 'vitest';
import { formatCoordinate, pickedPoint, placeOf, roundCoordinate, wrapLongitude } from './model';

describe('location picker rules', () => {
  it('rounds a picked coordinate to 6 decimals, never to -0', () => {
    expect(roundCoordinate(31.230416789)).toBe(31.230417);
    expect(roundCoordinate(121.4737014999)).toBe(121.473701);
    expect(roundCoordinate(-0.0000004)).toBe(0);
    expect(Object.is(roundCoordinate(-0.0000004), 0)).toBe(true);
    expect(roundCoordinate(-33.8688197)).toBe(-33.86882);
  });

  it('wraps a longitude from a neighbouring copy of the world into -180 … 180', () => {
    expect(wrapLongitude(121.5)).toBe(121.5);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(200)).toBe(-160);
    expect(wrapLongitude(-200)).toBe(160);
    expect(wrapLongitude(481.5)).toBeCloseTo(121.5, 9);
  });

  it('clamps the latitude of a click beyond the poles and rounds both', () => {
    expect(pickedPoint(31.2304161234, 121.4737014321)).toEqual({ latitude: 31.230416, longitude: 121.473701 });
    expect(pickedPoint(91.5, 10)).toEqual({ latitude: 90, longitude: 10 });
    expect(pickedPoint(-95, 10)).toEqual({ latitude: -90, longitude: 10 });
    expect(pickedPoint(10, 381.1234567)).toEqual({ latitude: 10, longitude: 21.123457 });
  });

  it('opens on the form’s place only when both coordinates are numbers in range', () => {
    expect(placeOf(31.2, 121.5)).toEqual({ latitude: 31.2, longitude: 121.5 });
    expect(placeOf(0, 0)).toEqual({ latitude: 0, longitude: 0 });
    expect(placeOf(null, 121.5)).toBeNull();
    expect(placeOf(31.2, undefined)).toBeNull();
    expect(placeOf(95, 121.5)).toBeNull();
    expect(placeOf(31.2, -181)).toBeNull();
    expect(placeOf('31.2', 121.5)).toBeNull();
    expect(placeOf(Number.NaN, 121.5)).toBeNull();
  });

  it('shows the number the form receives', () => {
    expect(formatCoordinate(31.2)).toBe('31.2');
    expect(formatCoordinate(121.47370149)).toBe('121.473701');
    expect(formatCoordinate(-0.0000001)).toBe('0');
  });
});
