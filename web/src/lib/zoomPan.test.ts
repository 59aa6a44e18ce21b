import { describe, expect, it } from 'vitest';
import { FITTED, MAX_SCALE, clampView, pan, pinch, zoomAt } from './zoomPan';

const FRAME = { width: 400, height: 300 };

describe('zoom and pan', () => {
  it('keeps the scale between fitted and the most and the content over the frame', () => {
    expect(clampView({ scale: 0.5, x: 10, y: 10 }, FRAME)).toEqual(FITTED);
    expect(clampView({ scale: 9, x: 0, y: 0 }, FRAME).scale).toBe(MAX_SCALE);
    // At 2× the content is 800 × 600: its corner may go from 0 to -400 across and -300 down, no further.
    expect(clampView({ scale: 2, x: -1000, y: 50 }, FRAME)).toEqual({ scale: 2, x: -400, y: 0 });
    expect(clampView({ scale: Number.NaN, x: 0, y: 0 }, FRAME)).toEqual(FITTED);
  });

  it('zooms around a point, keeping what is under it in place', () => {
    const view = zoomAt(FITTED, 2, { x: 100, y: 100 }, FRAME);
    expect(view).toEqual({ scale: 2, x: -100, y: -100 });
    // Content point (100, 100) is still at frame point (100, 100).
    expect((100 - view.x) / view.scale).toBe(100);
    expect(zoomAt(view, 1 / 4, { x: 100, y: 100 }, FRAME)).toEqual(FITTED);
  });

  it('pinches: the fingers spreading to twice their distance double the scale around their middle', () => {
    const view = pinch(FITTED, [{ x: 150, y: 150 }, { x: 250, y: 150 }], [{ x: 100, y: 150 }, { x: 300, y: 150 }], FRAME);
    expect(view).toEqual({ scale: 2, x: -200, y: -150 });
    // Moving both fingers along pans as it zooms.
    const moved = pinch(FITTED, [{ x: 150, y: 150 }, { x: 250, y: 150 }], [{ x: 50, y: 150 }, { x: 250, y: 150 }], FRAME);
    expect(moved.x).toBe(-250);
  });

  it('pans a zoomed page by the finger’s travel, never past an edge; a fitted page does not move', () => {
    const zoomed = { scale: 2, x: -200, y: -150 };
    expect(pan(zoomed, 50, -20, FRAME)).toEqual({ scale: 2, x: -150, y: -170 });
    expect(pan(zoomed, 500, 500, FRAME)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(pan(FITTED, 30, 30, FRAME)).toEqual(FITTED);
  });
});
