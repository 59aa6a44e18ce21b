import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, MIN_ZOOM, clampZoom, fittingZoom } from './useStageView';

describe('the stage view', () => {
  it('keeps the zoom between 25 % and 200 %', () => {
    expect(clampZoom(0.1)).toBe(MIN_ZOOM);
    expect(clampZoom(5)).toBe(MAX_ZOOM);
    expect(clampZoom(1.234)).toBe(1.23);
  });

  it('fits the whole canvas in the stage, in 5 % steps', () => {
    expect(fittingZoom({ width: 1048, height: 816 }, { width: 1000, height: 500 })).toBe(1);
    expect(fittingZoom({ width: 848, height: 2000 }, { width: 1600, height: 900 })).toBe(0.5);
    expect(fittingZoom({ width: 300, height: 300 }, { width: 10_000, height: 10_000 })).toBe(MIN_ZOOM);
  });
});
