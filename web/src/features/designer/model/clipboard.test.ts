import { describe, expect, it } from 'vitest';
import { allWidgets, parsePageDocument } from '@/runtime/document';
import { ACTIONS, performShortcut, type EditorState } from './actions';
import { createHistory } from './history';

const rect = (id: string, x: number, y: number, widgetType = 'ShapeRect') => ({
  id,
  widgetType,
  position: { x, y, width: 20, height: 10 },
});

function editor(raw: unknown[], selection: string[]): EditorState {
  return { history: createHistory(parsePageDocument({ widgets: raw })), selection };
}

const press = (key: string) => ({ key, ctrlKey: true, metaKey: false, shiftKey: false });
const ids = (state: EditorState) => [...allWidgets(state.history.present.widgets)].map((w) => w.id);

describe('copy, paste and duplicate', () => {
  it('pastes copies with new ids, 50 units further each time, selected, one step each', () => {
    let state = editor([rect('a', 10, 10), rect('b', 100, 10)], ['a']);
    state = performShortcut(state, press('c'));
    state = performShortcut(state, press('v'));
    state = performShortcut(state, press('v'));
    const widgets = state.history.present.widgets;
    expect(widgets.map((w) => [w.id, w.position.x, w.position.y])).toEqual([
      ['a', 10, 10],
      ['b', 100, 10],
      ['w-1', 60, 60],
      ['w-2', 110, 110],
    ]);
    expect(state.selection).toEqual(['w-2']);
    expect(state.history.past).toHaveLength(2);
  });

  it('renames the members of a pasted group and moves them with it', () => {
    const group = { id: 'g', widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 50, height: 30 }, children: [rect('m', 5, 5)] };
    let state = editor([group], ['g']);
    state = performShortcut(state, press('d'));
    expect(ids(state)).toEqual(['g', 'm', 'w-1', 'w-2']);
    const copy = state.history.present.widgets[1]!;
    expect(copy.children[0]!.position).toMatchObject({ x: 55, y: 55 });
    expect(state.clipboard).toBeUndefined();
  });

  it('adds nothing past the page counts and says why', () => {
    let state = editor([rect('w1', 0, 0, 'ComplexWeather'), rect('w2', 0, 0, 'ComplexWeather'), rect('w3', 0, 0, 'ComplexWeather')], ['w1']);
    const before = state.history;
    state = performShortcut(state, press('d'));
    expect(state.history).toBe(before);
    expect(state.notice).toEqual({ key: 'designer.refusal.tooManyOfType', values: { max: 3, type: 'ComplexWeather' } });
    const full = editor(Array.from({ length: 1000 }, (_, i) => rect(`r${i}`, 0, 0)), ['r0']);
    expect(performShortcut(full, press('d')).notice?.key).toBe('designer.refusal.tooManyWidgets');
  });

  it('pastes in place when the shift would take a copy off the canvas', () => {
    let state = editor([rect('edge', 1010, 10)], ['edge']);
    state = ACTIONS.find((a) => a.id === 'duplicate')!.perform(state);
    expect(state.history.present.widgets[1]!.position).toMatchObject({ x: 1010, y: 10 });
  });
});
