import { describe, expect, it } from 'vitest';
import en from '@/locales/en/designer.json';
import zh from '@/locales/zh-CN/designer.json';
import { parsePageDocument } from '@/runtime/document';
import { ACTIONS, actionForKey, performShortcut, type EditorState } from './actions';
import { createHistory } from './history';

interface Placed {
  id: string;
  x: number;
  y: number;
  posLock?: boolean;
}

const widget = (id: string, x: number, y: number, posLock = false): Placed => ({ id, x, y, posLock });

/** An editor on a 1024 x 768 page of 100 x 50 rectangles. */
function editor(widgets: Placed[], selection: string[]): EditorState {
  const raw = widgets.map((w) => ({
    id: w.id,
    widgetType: 'ShapeRect',
    posLock: w.posLock ?? false,
    position: { x: w.x, y: w.y, width: 100, height: 50 },
  }));
  return { history: createHistory(parsePageDocument({ widgets: raw })), selection };
}

const press = (key: string, mods: { ctrl?: boolean; shift?: boolean } = {}) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: false,
  shiftKey: mods.shift ?? false,
});

const xs = (state: EditorState) => state.history.present.widgets.map((w) => w.position.x);

describe('the designer action registry', () => {
  it('has unique ids and shortcuts, and a name in both languages for every action', () => {
    const ids = ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = ACTIONS.flatMap((a) => a.shortcuts.map((s) => `${s.mod ? 'mod+' : ''}${s.shift ? 'shift+' : ''}${s.key}`));
    expect(new Set(keys).size).toBe(keys.length);
    for (const action of ACTIONS) {
      const name = action.labelKey.replace(/^designer\.action\./, '') as keyof typeof en.designer.action;
      expect(en.designer.action[name], action.labelKey).toBeTruthy();
      expect(zh.designer.action[name], action.labelKey).toBeTruthy();
    }
  });

  it('finds actions by key, Ctrl or Cmd alike, letters in either case', () => {
    expect(actionForKey(press('z', { ctrl: true }))?.id).toBe('undo');
    expect(actionForKey({ ...press('Z', { shift: true }), metaKey: true })?.id).toBe('redo');
    expect(actionForKey(press('y', { ctrl: true }))?.id).toBe('redo');
    expect(actionForKey(press('ArrowLeft', { shift: true }))?.id).toBe('nudgeLeftFar');
    expect(actionForKey(press('z'))).toBeUndefined();
  });

  it('moves the selection with the arrows as one undoable step each, and never a locked widget', () => {
    let state = editor([widget('a', 10, 10), widget('b', 200, 10, true), widget('c', 400, 10)], ['a', 'b']);
    state = performShortcut(state, press('ArrowRight'));
    state = performShortcut(state, press('ArrowRight', { shift: true }));
    expect(xs(state)).toEqual([21, 200, 400]);
    expect(state.history.past).toHaveLength(2);
    state = performShortcut(state, press('z', { ctrl: true }));
    expect(xs(state)).toEqual([11, 200, 400]);
  });

  it('refuses a nudge that would leave too little of the widget on the canvas', () => {
    const state = editor([widget('a', -94, 10)], ['a']);
    const moved = performShortcut(state, press('ArrowLeft'));
    expect(xs(moved)).toEqual([-95]);
    expect(performShortcut(moved, press('ArrowLeft'))).toBe(moved);
  });

  it('aligns, and adds no step when nothing would change', () => {
    let state = editor([widget('a', 10, 10), widget('b', 40, 60)], ['a', 'b']);
    const alignLeft = ACTIONS.find((a) => a.id === 'alignLeft')!;
    state = alignLeft.perform(state);
    expect(xs(state)).toEqual([10, 10]);
    expect(alignLeft.perform(state)).toBe(state);
    expect(state.history.past).toHaveLength(1);
  });

  it('deletes the unlocked selection and keeps the locked widgets selected', () => {
    let state = editor([widget('a', 0, 0), widget('b', 0, 0, true), widget('c', 0, 0)], ['a', 'b']);
    state = performShortcut(state, press('Delete'));
    expect(state.history.present.widgets.map((w) => w.id)).toEqual(['b', 'c']);
    expect(state.selection).toEqual(['b']);
    expect(ACTIONS.find((a) => a.id === 'delete')!.enabled(state)).toBe(false);
  });

  it('groups with Ctrl+G into one undoable step and ungroups with Ctrl+Shift+G', () => {
    let state = editor([widget('a', 10, 10), widget('b', 200, 100), widget('c', 400, 10)], ['a', 'b']);
    state = performShortcut(state, press('g', { ctrl: true }));
    const ids = state.history.present.widgets.map((w) => w.id);
    expect(ids).toEqual(['group-1', 'c']);
    expect(state.selection).toEqual(['group-1']);
    state = performShortcut(state, press('G', { ctrl: true, shift: true }));
    expect(state.history.present.widgets.map((w) => w.id)).toEqual(['a', 'b', 'c']);
    expect(state.selection).toEqual(['a', 'b']);
    state = performShortcut(performShortcut(state, press('z', { ctrl: true })), press('z', { ctrl: true }));
    expect(state.history.present.widgets.map((w) => w.id)).toEqual(['a', 'b', 'c']);
    expect(state.history.past).toHaveLength(0);
  });

  it('turns the unlocked selection a quarter at a time within 0 to 360, one step each, locked widgets never', () => {
    const clockwise = ACTIONS.find((a) => a.id === 'rotateClockwise')!;
    const counter = ACTIONS.find((a) => a.id === 'rotateCounterclockwise')!;
    const state = editor([widget('a', 0, 0), widget('b', 200, 0, true)], ['a', 'b']);
    const turned = clockwise.perform(state);
    const rotations = (s: EditorState) => s.history.present.widgets.map((w) => w.position.rotate);
    expect(rotations(turned)).toEqual([90, 0]);
    expect(rotations(counter.perform(counter.perform(state)))).toEqual([180, 0]);
    expect(rotations(clockwise.perform(clockwise.perform(clockwise.perform(turned))))).toEqual([0, 0]);
    expect(turned.history.past).toHaveLength(1);
    expect(clockwise.enabled(editor([widget('b', 0, 0, true)], ['b']))).toBe(false);
  });

  it('offers distribute only for more than two widgets', () => {
    const distribute = ACTIONS.find((a) => a.id === 'distributeHorizontal')!;
    expect(distribute.enabled(editor([widget('a', 0, 0), widget('b', 0, 0)], ['a', 'b']))).toBe(false);
    const three = editor([widget('a', 0, 0), widget('b', 300, 0), widget('c', 900, 0)], ['a', 'b', 'c']);
    expect(xs(distribute.perform(three))).toEqual([0, 450, 900]);
  });

  it('aligns and nudges a group with its members and a line with its points', () => {
    const raw = [
      { id: 'a', widgetType: 'ShapeRect', position: { x: 0, y: 100, width: 100, height: 50 } },
      { id: 'g', widgetType: 'WidgetGroup', position: { x: 300, y: 200, width: 100, height: 50 },
        children: [{ id: 'm', widgetType: 'ShapeRect', position: { x: 300, y: 200, width: 100, height: 50 } }] },
      { id: 'line', widgetType: 'ShapeLine', position: { x: 500, y: 300, width: 100, height: 0 }, points: [[500, 300], [600, 300]] },
    ];
    const start: EditorState = { history: createHistory(parsePageDocument({ widgets: raw })), selection: ['a', 'g', 'line'] };
    const left = ACTIONS.find((a) => a.id === 'alignLeft')!.perform(start);
    const [, group, line] = left.history.present.widgets;
    expect([group!.position.x, group!.children[0]!.position.x]).toEqual([0, 0]);
    expect(line!.points).toEqual([
      [0, 300],
      [100, 300],
    ]);
    const nudged = performShortcut({ ...left, selection: ['line'] }, press('ArrowDown'));
    expect(nudged.history.present.widgets[2]!.points).toEqual([
      [0, 301],
      [100, 301],
    ]);
  });
});
