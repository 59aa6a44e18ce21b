import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import { createHistory } from './history';
import type { Handle } from './resize';
import { escape, pointerDown, pointerMove, pointerUp, unrotated, type Designer, type Point, type Tool } from './tools';

const rect = (id: string, x: number, y: number, posLock = false) => ({
  id,
  widgetType: 'ShapeRect',
  posLock,
  position: { x, y, width: 20, height: 10 },
});

function designer(raw: unknown[], selection: string[] = [], tool: Tool = { kind: 'select' }): Designer {
  return { editor: { history: createHistory(parsePageDocument({ widgets: raw })), selection }, tool, gesture: { kind: 'idle' } };
}

const at = (
  x: number,
  y: number,
  hit: string | null = null,
  mods: { additive?: boolean; copy?: boolean; handle?: Handle } = {},
) => ({
  point: { x, y } as Point,
  hit,
  additive: mods.additive ?? false,
  copy: mods.copy ?? false,
  handle: mods.handle,
});

function drag(d: Designer, from: ReturnType<typeof at>, to: ReturnType<typeof at>, steps = 4): Designer {
  let next = pointerDown(d, from);
  for (let i = 1; i <= steps; i += 1) {
    const x = from.point.x + ((to.point.x - from.point.x) * i) / steps;
    const y = from.point.y + ((to.point.y - from.point.y) * i) / steps;
    next = pointerMove(next, { ...to, point: { x, y } });
  }
  return pointerUp(next, to);
}

const positions = (d: Designer) => d.editor.history.present.widgets.map((w) => [w.id, w.position.x, w.position.y]);

describe('the pointer tools', () => {
  it('selects by click, adds and removes with Shift, clears on the empty canvas', () => {
    let d = designer([rect('a', 0, 0), rect('b', 50, 0)]);
    d = pointerUp(pointerDown(d, at(5, 5, 'a')), at(5, 5, 'a'));
    expect(d.editor.selection).toEqual(['a']);
    d = pointerUp(pointerDown(d, at(55, 5, 'b', { additive: true })), at(55, 5, 'b'));
    expect(d.editor.selection).toEqual(['a', 'b']);
    d = pointerUp(pointerDown(d, at(5, 5, 'a', { additive: true })), at(5, 5, 'a'));
    expect(d.editor.selection).toEqual(['b']);
    d = pointerUp(pointerDown(d, at(500, 500)), at(500, 500));
    expect(d.editor.selection).toEqual([]);
  });

  it('moves the selection as one step with whole numbers at the end, never a locked widget', () => {
    let d = designer([rect('a', 0, 0), rect('b', 50, 0), rect('held', 90, 0, true)], ['a', 'b', 'held']);
    d = drag(d, at(5, 5, 'a'), at(15.4, 25.6, 'a'), 7);
    expect(positions(d)).toEqual([
      ['a', 10, 21],
      ['b', 60, 21],
      ['held', 90, 0],
    ]);
    expect(d.editor.history.past).toHaveLength(1);
    expect(d.gesture.kind).toBe('idle');
  });

  it('abandons a move with Esc, leaving no step', () => {
    let d = designer([rect('a', 0, 0)]);
    d = pointerMove(pointerDown(d, at(5, 5, 'a')), at(50, 50, 'a'));
    expect(positions(d)).toEqual([['a', 45, 45]]);
    d = escape(d);
    expect(positions(d)).toEqual([['a', 0, 0]]);
    expect(d.editor.history.past).toHaveLength(0);
  });

  it('moves duplicates when the modifier is held, the originals staying, in one step', () => {
    let d = designer([rect('a', 0, 0)]);
    d = drag(d, at(5, 5, 'a', { copy: true }), at(105, 5, 'a'));
    expect(positions(d)).toEqual([
      ['a', 0, 0],
      ['w-1', 100, 0],
    ]);
    expect(d.editor.selection).toEqual(['w-1']);
    expect(d.editor.history.past).toHaveLength(1);
  });

  it('selects what lies wholly inside a marquee', () => {
    let d = designer([rect('a', 10, 10), rect('b', 40, 10), rect('c', 200, 200)]);
    d = drag(d, at(0, 0), at(65, 30));
    expect(d.editor.selection).toEqual(['a', 'b']);
  });

  it('draws a widget of the chosen type, keeps it only when large enough, then goes back to selecting', () => {
    let d = designer([], [], { kind: 'draw', widgetType: 'ShapeCircle' });
    d = drag(d, at(10, 10), at(11, 11));
    expect(d.editor.history.present.widgets).toHaveLength(0);
    d = { ...d, tool: { kind: 'draw', widgetType: 'ShapeCircle' } };
    d = drag(d, at(50, 40), at(10, 10));
    const [circle] = d.editor.history.present.widgets;
    expect(circle).toMatchObject({ id: 'w-1', widgetType: 'ShapeCircle', position: { x: 10, y: 10, width: 40, height: 30, r: 15 } });
    expect(d.editor.selection).toEqual(['w-1']);
    expect(d.tool.kind).toBe('select');
  });

  it('refuses a drawing past the page counts and says why', () => {
    const webgl = { ...rect('gl', 0, 0), widgetType: 'UsualWebgl' };
    let d = designer([webgl], [], { kind: 'draw', widgetType: 'UsualWebgl' });
    d = drag(d, at(100, 100), at(200, 200));
    expect(d.editor.history.present.widgets).toHaveLength(1);
    expect(d.editor.notice?.key).toBe('designer.refusal.tooManyOfType');
  });

  it('resizes from a handle as one step, the opposite side staying, never to 2 or less', () => {
    let d = designer([rect('a', 10, 10)]);
    d = drag(d, at(30, 15, 'a', { handle: 'e' }), at(50.6, 15, 'a'));
    expect(d.editor.history.present.widgets[0]!.position).toMatchObject({ x: 10, y: 10, width: 41, height: 10 });
    expect(d.editor.history.past).toHaveLength(1);
    // Dragging the west side past the east one: the last allowed size stays.
    d = pointerMove(pointerDown(d, at(10, 15, 'a', { handle: 'w' })), at(20, 15, 'a'));
    d = pointerMove(d, at(60, 15, 'a'));
    expect(d.editor.history.present.widgets[0]!.position).toMatchObject({ x: 20, width: 31 });
    d = escape(d);
    expect(d.editor.history.present.widgets[0]!.position).toMatchObject({ x: 10, width: 41 });
    expect(d.editor.history.past).toHaveLength(1);
  });

  it('scales a group with its members, and never resizes a locked widget', () => {
    const group = {
      id: 'g',
      widgetType: 'WidgetGroup',
      position: { x: 0, y: 0, width: 100, height: 100 },
      children: [rect('m', 50, 50)],
    };
    let d = designer([group, rect('held', 200, 0, true)]);
    d = drag(d, at(100, 100, 'g', { handle: 'se' }), at(200, 200, 'g'));
    const [g] = d.editor.history.present.widgets;
    expect(g!.position).toMatchObject({ width: 200, height: 200 });
    expect(g!.children[0]!.position).toMatchObject({ x: 100, y: 100, width: 40, height: 20 });
    const before = d.editor.history;
    d = drag(d, at(220, 10, 'held', { handle: 'e' }), at(260, 10, 'held'));
    expect(d.editor.history.present).toBe(before.present);
  });

  it('merges the points of a resized line that run in one direction', () => {
    const line = { id: 'l', widgetType: 'ShapeLine', position: { x: 0, y: 0, width: 100, height: 10 }, points: [[0, 0], [50, 0.5], [100, 0]] };
    let d = designer([line]);
    d = drag(d, at(100, 5, 'l', { handle: 'e' }), at(200, 5, 'l'));
    expect(d.editor.history.present.widgets[0]!.points).toEqual([
      [0, 0],
      [200, 0],
    ]);
  });
});

describe('resizing a turned widget', () => {
  it('reads the drag in the widget’s own axes', () => {
    expect(unrotated(10, 0, 0)).toEqual([10, 0]);
    const [x, y] = unrotated(0, 10, 90);
    expect(x).toBeCloseTo(10);
    expect(y).toBeCloseTo(0);
    const [x2, y2] = unrotated(10, 0, 180);
    expect(x2).toBeCloseTo(-10);
    expect(y2).toBeCloseTo(0);
  });
});

describe('snapping while moving', () => {
  it('lines the moved widget up with another from 5 units with adsorb on, with a guide, and from 1 without', () => {
    const raw = [rect('a', 100, 100), rect('b', 300, 400)];
    // a's left edge dragged to 297: 3 units from b's left edge.
    const moving = (adsorb: boolean) => {
      const d = pointerMove(pointerDown({ ...designer(raw), adsorb }, at(105, 105, 'a')), at(302, 205, 'a'));
      return d;
    };
    const on = moving(true);
    expect(on.editor.history.present.widgets[0]?.position.x).toBe(300);
    expect(on.gesture.kind === 'moving' && on.gesture.guides).toContainEqual({ axis: 'x', at: 300, from: 200, to: 410 });
    const off = moving(false);
    expect(off.editor.history.present.widgets[0]?.position.x).toBe(297);
    expect(off.gesture.kind === 'moving' && off.gesture.guides).toEqual([]);
    // The snapped place is where the move ends.
    expect(positions(pointerUp(on, at(302, 205, 'a')))[0]).toEqual(['a', 300, 200]);
  });

  it('moves a group with its members, a line with its points and a triangle with its corners', () => {
    const raw = [
      { id: 'g', widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 60, height: 20 }, children: [rect('m1', 0, 0), rect('m2', 40, 10)] },
      { id: 'line', widgetType: 'ShapeLine', position: { x: 100, y: 0, width: 50, height: 20 }, points: [[100, 0], [150, 20]] },
      { id: 'tri', widgetType: 'ShapeTriangle', position: { x: 200, y: 0, width: 40, height: 40, x1: 220, y1: 0, x2: 240, y2: 40, x3: 200, y3: 40 } },
    ];
    const d = drag(designer(raw, ['g', 'line', 'tri']), at(5, 5, 'g'), at(15, 35, 'g'));
    const [group, line, tri] = d.editor.history.present.widgets;
    expect(group!.children.map((c) => [c.id, c.position.x, c.position.y])).toEqual([
      ['m1', 10, 30],
      ['m2', 50, 40],
    ]);
    expect(line!.points).toEqual([
      [110, 30],
      [160, 50],
    ]);
    const p = tri!.position;
    expect([p.x1, p.y1, p.x2, p.y2, p.x3, p.y3]).toEqual([230, 30, 250, 70, 210, 70]);
  });
});
