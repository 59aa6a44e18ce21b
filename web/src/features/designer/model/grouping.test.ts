import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { group, newWidgetId, ungroup } from './grouping';

function page(raw: unknown[]): Widget[] {
  return parsePageDocument({ widgets: raw }).widgets;
}

const rect = (id: string, x: number, y: number, posLock = false) => ({
  id,
  widgetType: 'ShapeRect',
  posLock,
  position: { x, y, width: 20, height: 10 },
});

describe('grouping', () => {
  it('makes a group around the unlocked selection, in the place of its front-most member, moving nothing', () => {
    const widgets = page([rect('a', 10, 10), rect('x', 0, 0), rect('b', 50, 40), rect('c', 90, 0), rect('locked', 5, 5, true)]);
    const made = group(widgets, ['a', 'b', 'locked'])!;
    expect(made.widgets.map((w) => w.id)).toEqual(['x', 'group-1', 'c', 'locked']);
    const g = made.widgets[1]!;
    expect(g.widgetType).toBe('WidgetGroup');
    expect(g.position).toMatchObject({ x: 10, y: 10, width: 60, height: 40 });
    expect(g.children.map((w) => w.id)).toEqual(['a', 'b']);
    expect(g.children[1]!.position).toMatchObject({ x: 50, y: 40 });
  });

  it('needs two unlocked widgets, and refuses past the page limits', () => {
    const widgets = page([rect('a', 0, 0), rect('b', 0, 0, true)]);
    expect(group(widgets, ['a', 'b'])).toBeNull();
    const full = page(Array.from({ length: 1000 }, (_, i) => rect(`r${i}`, 0, 0)));
    expect(group(full, ['r0', 'r1'])).toBeNull();
    // Nested eight levels deep already: one more level is refused.
    let nested: unknown = rect('deep', 0, 0);
    for (let level = 0; level < 7; level += 1) {
      nested = { id: `g${level}`, widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 20, height: 10 }, children: [nested] };
    }
    expect(group(page([nested, rect('z', 0, 0)]), ['g6', 'z'])).toBeNull();
  });

  it('lifts the members of the selected groups back, selected, leaving locked groups whole', () => {
    const widgets = page([
      rect('a', 0, 0),
      { id: 'g', widgetType: 'WidgetGroup', children: [rect('m1', 0, 0), rect('m2', 5, 5)] },
      { id: 'held', widgetType: 'WidgetGroup', posLock: true, children: [rect('m3', 0, 0)] },
    ]);
    const lifted = ungroup(widgets, ['g', 'held', 'a']);
    expect(lifted.widgets.map((w) => w.id)).toEqual(['a', 'm1', 'm2', 'held']);
    expect(lifted.selection).toEqual(['a', 'm1', 'm2', 'held']);
  });

  it('names new widgets with ids no widget has, group members included', () => {
    const widgets = page([rect('group-1', 0, 0), { id: 'g', widgetType: 'WidgetGroup', children: [rect('group-2', 0, 0)] }]);
    expect(newWidgetId(widgets, 'group')).toBe('group-3');
  });
});
