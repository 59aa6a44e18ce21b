import { describe, expect, it } from 'vitest';
import {
  MAX_WIDGETS,
  canDistribute,
  canGroup,
  copyOffset,
  countRefusal,
  edgeMargin,
  geometryOf,
  largeEnough,
  mergedCollinear,
  resizeAllowed,
  rotated,
  roundedBox,
  snapTolerance,
  staysOnCanvas,
} from './rules';

describe('designer rules of spec section 5', () => {
  it('keeps a drawn shape only when it is large enough for its geometry', () => {
    expect(largeEnough('box', { width: 2, height: 0 })).toBe(true);
    expect(largeEnough('box', { width: 1.9, height: 1.9 })).toBe(false);
    expect(largeEnough('circle', { width: 4, height: 4, r: 2 })).toBe(true);
    expect(largeEnough('circle', { width: 3, height: 3, r: 1.5 })).toBe(false);
    expect(largeEnough('ellipse', { width: 9, height: 3, rx: 4.5, ry: 1.5 })).toBe(false);
    expect(largeEnough('ellipse', { width: 9, height: 4, rx: 4.5, ry: 2 })).toBe(true);
    expect(largeEnough('line', { width: 0, height: 0, from: [0, 0], to: [1, 1] })).toBe(false);
    expect(largeEnough('line', { width: 0, height: 0, from: [0, 0], to: [0, 2] })).toBe(true);
    expect(largeEnough('triangle', { width: 10, height: 1 })).toBe(false);
    expect(largeEnough('triangle', { width: 2, height: 2 })).toBe(true);
    expect([geometryOf('ShapeCircle'), geometryOf('ShapeLine'), geometryOf('UsualButton')]).toEqual(['circle', 'line', 'box']);
  });

  it('rotates in quarter turns within 0 to 360, and not at all when locked', () => {
    expect(rotated(0, 1, false)).toBe(90);
    expect(rotated(270, 1, false)).toBe(0);
    expect(rotated(0, -1, false)).toBe(270);
    expect(rotated(90, 5, false)).toBe(180);
    expect(rotated(90, 1, true)).toBe(90);
  });

  it('rounds a moved box to whole numbers', () => {
    expect(roundedBox({ x: 10.4, y: 19.6, width: 30.5, height: 40.49 })).toEqual({ x: 10, y: 20, width: 31, height: 40 });
  });

  it('refuses a drag that would leave less than the margin of the shape on the canvas', () => {
    const canvas = { width: 1024, height: 768 };
    const box = (x: number, y: number) => ({ x, y, width: 100, height: 50 });
    expect(edgeMargin('box')).toBe(5);
    expect(edgeMargin('line')).toBe(1);
    expect(edgeMargin('triangle')).toBe(2);
    expect(staysOnCanvas(box(-95, 0), canvas, 5)).toBe(true);
    expect(staysOnCanvas(box(-96, 0), canvas, 5)).toBe(false);
    expect(staysOnCanvas(box(1019, 718), canvas, 5)).toBe(true);
    expect(staysOnCanvas(box(1020, 0), canvas, 5)).toBe(false);
    expect(staysOnCanvas(box(0, 764), canvas, 5)).toBe(false);
    expect(staysOnCanvas(box(1023, 0), canvas, 1)).toBe(true);
    // A horizontal line is 0 high: it moves anywhere on the canvas, never off it.
    const flat = (x: number, y: number) => ({ x, y, width: 100, height: 0 });
    expect(staysOnCanvas(flat(500, 300), canvas, 1)).toBe(true);
    expect(staysOnCanvas(flat(500, 768), canvas, 1)).toBe(true);
    expect(staysOnCanvas(flat(500, 769), canvas, 1)).toBe(false);
    expect(staysOnCanvas(flat(-100, 300), canvas, 1)).toBe(false);
  });

  it('keeps both sides above 2 when resizing', () => {
    expect(resizeAllowed(3, 3)).toBe(true);
    expect(resizeAllowed(2, 100)).toBe(false);
    expect(resizeAllowed(100, 2)).toBe(false);
  });

  it('merges the points of a line that goes on in the same direction, keeping the ends and the corners', () => {
    expect(mergedCollinear([[0, 0], [5, 0.1], [10, 0], [10, 10]])).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
    ]);
    expect(mergedCollinear([[0, 0], [0, 0], [10, 10]])).toEqual([
      [0, 0],
      [10, 10],
    ]);
    expect(mergedCollinear([[0, 0], [10, 0], [0, 0.1]])).toHaveLength(3);
  });

  it('limits the page to the generated counts: 1000 widgets, 3 ComplexWeather, 1 UsualWebgl', () => {
    expect(MAX_WIDGETS).toBe(1000);
    const many = Array.from({ length: 999 }, () => 'ShapeRect');
    expect(countRefusal(many, ['UsualText'])).toBeNull();
    expect(countRefusal(many, ['UsualText', 'UsualText'])).toEqual({ kind: 'tooManyWidgets', max: 1000 });
    expect(countRefusal(['ComplexWeather', 'ComplexWeather'], ['ComplexWeather'])).toBeNull();
    expect(countRefusal(['ComplexWeather', 'ComplexWeather', 'ComplexWeather'], ['ComplexWeather'])).toEqual({
      kind: 'tooManyOfType',
      widgetType: 'ComplexWeather',
      max: 3,
    });
    expect(countRefusal(['UsualWebgl'], ['UsualWebgl'])).toEqual({ kind: 'tooManyOfType', widgetType: 'UsualWebgl', max: 1 });
    expect(countRefusal(['UsualWebgl', 'UsualWebgl'], ['ShapeRect'])).toBeNull();
  });

  it('distributes more than 2 and groups at least 2 unlocked widgets', () => {
    const free = { posLock: false };
    const locked = { posLock: true };
    expect(canDistribute([free, free, locked])).toBe(false);
    expect(canDistribute([free, free, free])).toBe(true);
    expect(canGroup([free, locked])).toBe(false);
    expect(canGroup([free, free])).toBe(true);
  });

  it('snaps at 5 with adsorb on, else 1, and shifts repeated copies by 50', () => {
    expect(snapTolerance(true)).toBe(5);
    expect(snapTolerance(false)).toBe(1);
    expect(copyOffset(1)).toEqual({ dx: 50, dy: 50 });
    expect(copyOffset(3)).toEqual({ dx: 150, dy: 150 });
  });
});
