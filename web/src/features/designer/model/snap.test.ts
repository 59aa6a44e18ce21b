import { describe, expect, it } from 'vitest';
import { boundsOf, shownBox, snapMove } from './snap';

const canvas = { width: 1000, height: 800 };
const box = (x: number, y: number, width = 100, height = 50) => ({ x, y, width, height });

describe('snapping a move', () => {
  it('lines a left edge up with another widget within the tolerance, with a guide through both', () => {
    const other = box(300, 400);
    // Moving box at (100, 100) dragged by (197, 0): its left would be at 297, three short of 300.
    const snapped = snapMove(box(100, 100), 197, 0, [other], canvas, 5);
    expect(snapped.dx).toBe(200);
    expect(snapped.guides).toContainEqual({ axis: 'x', at: 300, from: 100, to: 450 });
  });

  it('snaps only within the tolerance: 1 without adsorb, 5 with it', () => {
    const other = box(300, 400);
    expect(snapMove(box(100, 100), 197, 0, [other], canvas, 1)).toEqual({ dx: 197, dy: 0, guides: [] });
    expect(snapMove(box(100, 100), 199.4, 0, [other], canvas, 1).dx).toBe(200);
  });

  it('matches centres and far edges, and the canvas', () => {
    // Centre 150 + 348 = 498 → the canvas centre 500.
    expect(snapMove(box(100, 300), 348, 0, [], canvas, 5).dx).toBe(350);
    // Bottom 350 + 447 = 797 → the canvas bottom 800.
    expect(snapMove(box(100, 300), 0, 447, [], canvas, 5).dy).toBe(450);
  });

  it('takes the nearest match on each axis', () => {
    const snapped = snapMove(box(0, 0), 98, 196, [box(200, 250), box(101, 600)], canvas, 5);
    // x: the left edge would go 98 → 101 (3 away), the right edge 198 → 200 (2 away): the right edge wins.
    expect(snapped.dx).toBe(100);
    // y: the bottom edge 246 → 250, the first box's top (4 away), the only line within 5.
    expect(snapped.dy).toBe(200);
  });

  it('bounds boxes', () => {
    expect(boundsOf([])).toBeUndefined();
    expect(boundsOf([box(10, 20), box(50, 5, 10, 10)])).toEqual({ x: 10, y: 5, width: 100, height: 65 });
  });

  it('lines up what is shown: a quarter-turned box swaps its sides about its centre', () => {
    expect(shownBox({ x: 100, y: 100, width: 200, height: 80, rotate: 90 })).toEqual({ x: 160, y: 40, width: 80, height: 200 });
    expect(shownBox({ x: 100, y: 100, width: 200, height: 80, rotate: 180 })).toEqual({ x: 100, y: 100, width: 200, height: 80 });
    expect(shownBox({ x: 100, y: 100, width: 200, height: 80, rotate: -90 })).toEqual({ x: 160, y: 40, width: 80, height: 200 });
  });
});
