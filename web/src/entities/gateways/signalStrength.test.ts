import { describe, expect, it } from 'vitest';
import { strengthBand } from './signalStrength';

describe('strengthBand (spec section 9)', () => {
  it.each([
    [100, 'veryGood'],
    [70, 'veryGood'],
    [69, 'good'],
    [50, 'good'],
    [49.9, 'fair'],
    [30, 'fair'],
    [29, 'bad'],
    [0, 'bad'],
  ] as const)('%s is %s', (value, band) => {
    expect(strengthBand(value)).toBe(band);
  });

  it('has no band without a value', () => {
    expect(strengthBand(null)).toBeNull();
    expect(strengthBand(undefined)).toBeNull();
    expect(strengthBand(Number.NaN)).toBeNull();
  });
});
