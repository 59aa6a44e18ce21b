import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import type { EditorState } from './actions';
import { droppedWidget, dropSize } from './drop';
import { createHistory, undo } from './history';

function editor(widgets: unknown[] = [], con = { width: 800, height: 600 }): EditorState {
  return { history: createHistory(parsePageDocument({ con, widgets })), selection: [] };
}

const only = (state: EditorState) => {
  const widgets = state.history.present.widgets;
  return widgets[widgets.length - 1]!;
};

describe('a palette item dropped on the canvas (issue 35)', () => {
  it('is its default size, centred on the drop point in whole units, selected, as one undo step', () => {
    const before = editor([{ id: 'w1', widgetType: 'ShapeRect', position: { x: 0, y: 0, width: 10, height: 10 } }]);
    const after = droppedWidget(before, 'ShapeCircle', 'shape', { x: 300.4, y: 200.6 });
    const circle = only(after);
    expect(circle.widgetType).toBe('ShapeCircle');
    expect(dropSize('ShapeCircle', 'shape')).toEqual({ width: 100, height: 100 });
    expect(circle.position).toMatchObject({ x: 250, y: 151, width: 100, height: 100, r: 50 });
    expect(after.selection).toEqual([circle.id]);
    expect(after.history.present.widgets).toHaveLength(2);
    expect(undo(after.history).present).toBe(before.history.present);
  });

  it('stays on the canvas when dropped near its edge', () => {
    const chart = only(droppedWidget(editor(), 'ComplexLine', 'complex', { x: 790, y: 5 }));
    expect(chart.position).toMatchObject({ x: 400, y: 0, width: 400, height: 240 });
    const small = only(droppedWidget(editor([], { width: 300, height: 200 }), 'ComplexMap', 'complex', { x: 150, y: 100 }));
    expect(small.position).toMatchObject({ x: 0, y: 0 });
  });

  it('draws a line across the drop point, and starts a drop-down with the palette data', () => {
    const line = only(droppedWidget(editor(), 'ShapeLine', 'shape', { x: 400, y: 300 }));
    expect(line.points).toEqual([[340, 300], [460, 300]]);
    const select = only(droppedWidget(editor(), 'UsualSelect', 'usual', { x: 100, y: 100 }, { items: [{ indexId: 1, text: 'A' }], selectDatas: [] }));
    expect(select.data.extra.items).toEqual([{ indexId: 1, text: 'A' }]);
  });

  it("is refused, with the reason, past the page's count of a type", () => {
    const full = editor([{ id: 'g', widgetType: 'UsualWebgl', position: { x: 0, y: 0, width: 10, height: 10 } }]);
    const after = droppedWidget(full, 'UsualWebgl', 'usual', { x: 300, y: 300 });
    expect(after.history.present).toBe(full.history.present);
    expect(after.notice?.key).toBe('designer.refusal.tooManyOfType');
  });
});
