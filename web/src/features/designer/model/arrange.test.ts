import { describe, expect, it } from 'vitest';
import { align, bounds, distribute, reorder, sameSize, type Arrangeable } from './arrange';

const w = (id: string, x: number, y: number, width = 10, height = 10, posLock = false): Arrangeable => ({
  id,
  posLock,
  position: { x, y, width, height },
});

const xs = (list: readonly Arrangeable[]) => list.map((item) => item.position.x);
const ys = (list: readonly Arrangeable[]) => list.map((item) => item.position.y);
const ids = (list: readonly Arrangeable[]) => list.map((item) => item.id);

describe('arranging widgets', () => {
  const page = [w('a', 0, 0, 10, 10), w('b', 40, 20, 20, 30), w('c', 100, 5, 30, 10), w('free', 500, 500)];

  it('aligns the selection on the edges and centre lines of its bounds, leaving the rest alone', () => {
    const selection = ['a', 'b', 'c'];
    expect(bounds(page.slice(0, 3).map((item) => item.position))).toEqual({ x: 0, y: 0, width: 130, height: 50 });
    expect(xs(align(page, selection, 'left'))).toEqual([0, 0, 0, 500]);
    expect(xs(align(page, selection, 'right'))).toEqual([120, 110, 100, 500]);
    expect(xs(align(page, selection, 'centerX'))).toEqual([60, 55, 50, 500]);
    expect(ys(align(page, selection, 'top'))).toEqual([0, 0, 0, 500]);
    expect(ys(align(page, selection, 'bottom'))).toEqual([40, 20, 40, 500]);
    expect(ys(align(page, selection, 'centerY'))).toEqual([20, 10, 20, 500]);
    const aligned = align(page, selection, 'left');
    expect(aligned[3]).toBe(page[3]);
    expect(aligned[0]).toBe(page[0]);
  });

  it('never moves a locked widget, but lines the others up with it', () => {
    const locked = [w('a', 30, 0, 10, 10, true), w('b', 40, 20)];
    expect(xs(align(locked, ['a', 'b'], 'left'))).toEqual([30, 30]);
  });

  it('distributes more than two unlocked widgets with equal gaps, the outer ones staying', () => {
    const row = [w('a', 0, 0, 10), w('c', 100, 0, 20), w('b', 30, 0, 10)];
    const spread = distribute(row, ['a', 'b', 'c'], 'horizontal');
    // Occupied 40 of the 120 from 0 to 120: two gaps of 40.
    expect(xs(spread)).toEqual([0, 100, 50]);
    expect(distribute(row, ['a', 'b'], 'horizontal')).toEqual(row);
    const column = [w('a', 0, 0), w('b', 0, 11), w('c', 0, 50)];
    expect(ys(distribute(column, ['a', 'b', 'c'], 'vertical'))).toEqual([0, 25, 50]);
  });

  it('gives the selection the size of the widget picked first', () => {
    const sized = sameSize(page, ['b', 'a', 'c'], 'width');
    expect(sized.map((item) => item.position.width)).toEqual([20, 20, 20, 10]);
    expect(sameSize(page, ['b'], 'height')).toEqual(page);
  });

  it('reorders the selection to the front, the back, or one place, keeping its own order and locked places', () => {
    const stack = [w('a', 0, 0), w('b', 0, 0), w('c', 0, 0), w('d', 0, 0)];
    expect(ids(reorder(stack, ['a', 'c'], 'front'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(reorder(stack, ['b', 'd'], 'back'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(reorder(stack, ['a', 'b'], 'forward'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(reorder(stack, ['c', 'd'], 'backward'))).toEqual(['a', 'c', 'd', 'b']);
    expect(ids(reorder(stack, ['d'], 'forward'))).toEqual(['a', 'b', 'c', 'd']);
    const withLock = [w('a', 0, 0, 10, 10, true), w('b', 0, 0)];
    expect(ids(reorder(withLock, ['a'], 'front'))).toEqual(['a', 'b']);
  });
});
