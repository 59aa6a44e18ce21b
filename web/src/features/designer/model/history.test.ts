import { describe, expect, it } from 'vitest';
import {
  UNDO_STEPS,
  begin,
  canRedo,
  canUndo,
  cancel,
  commit,
  createHistory,
  end,
  preview,
  redo,
  undo,
} from './history';

/** A stand-in document: where one widget is. */
interface Doc {
  x: number;
}

const at = (x: number): Doc => ({ x });

describe('designer history', () => {
  it('makes one step of a whole drag, however many frames it drew', () => {
    let h = createHistory(at(0));
    h = begin(h);
    for (let x = 1; x <= 30; x += 1) h = preview(h, at(x));
    expect(canUndo(h)).toBe(false);
    h = end(h);
    expect(h.present.x).toBe(30);
    expect(h.past).toHaveLength(1);
    h = undo(h);
    expect(h.present.x).toBe(0);
    h = redo(h);
    expect(h.present.x).toBe(30);
  });

  it('adds no step for a gesture that changed nothing, and Esc goes back to the mark', () => {
    let h = begin(createHistory(at(0)));
    h = end(h);
    expect(h.past).toHaveLength(0);
    h = preview(begin(h), at(5));
    h = cancel(h);
    expect(h.present.x).toBe(0);
    expect(h.mark).toBeUndefined();
    expect(h.past).toHaveLength(0);
  });

  it('ends an open gesture as its own step when something is committed', () => {
    let h = preview(begin(createHistory(at(0))), at(7));
    h = commit(h, at(9));
    expect(h.past.map((d) => d.x)).toEqual([0, 7]);
    expect(undo(undo(h)).present.x).toBe(0);
  });

  it('forgets what was undone once something new is done', () => {
    let h = commit(commit(createHistory(at(0)), at(1)), at(2));
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = commit(h, at(3));
    expect(canRedo(h)).toBe(false);
    expect(h.past.map((d) => d.x)).toEqual([0, 1]);
  });

  it(`keeps ${UNDO_STEPS} steps`, () => {
    let h = createHistory(at(0));
    for (let x = 1; x <= UNDO_STEPS + 10; x += 1) h = commit(h, at(x));
    let undone = 0;
    while (canUndo(h)) {
      h = undo(h);
      undone += 1;
    }
    expect(undone).toBe(UNDO_STEPS);
    expect(h.present.x).toBe(10);
  });

  it('ignores undo and redo during a gesture, and a commit of the same document', () => {
    let h = commit(createHistory(at(0)), at(1));
    h = preview(begin(h), at(2));
    expect(undo(h)).toBe(h);
    const same = commit(end(h), end(h).present);
    expect(same.past).toHaveLength(2);
  });
});
