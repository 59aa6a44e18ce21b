import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import type { EditorState } from './actions';
import { createHistory } from './history';
import { MAX_NAME_CHARS, withLayerMoved, withLock, withName } from './layers';

const editor = (): EditorState => ({
  history: createHistory(parsePageDocument({ widgets: [{ id: 'a', widgetType: 'ShapeRect', position: { x: 0, y: 0, width: 10, height: 10 } }] })),
  selection: [],
});

describe('layer changes', () => {
  it('lock and unlock a widget as one step each, none when nothing changes', () => {
    const locked = withLock(editor(), 'a', true);
    expect(locked.history.present.widgets[0]?.posLock).toBe(true);
    expect(locked.history.past).toHaveLength(1);
    expect(withLock(locked, 'a', true)).toBe(locked);
    expect(withLock(locked, 'a', false).history.present.widgets[0]?.posLock).toBe(false);
  });

  it('rename within the limit, trimmed', () => {
    expect(withName(editor(), 'a', '  1# 泵  ').history.present.widgets[0]?.widgetName).toBe('1# 泵');
    expect([...(withName(editor(), 'a', '泵'.repeat(100)).history.present.widgets[0]?.widgetName ?? '')]).toHaveLength(MAX_NAME_CHARS);
    expect(MAX_NAME_CHARS).toBe(60);
  });
});

describe('layer order by dragging', () => {
  const four = (): EditorState => ({
    history: createHistory(
      parsePageDocument({
        widgets: ['a', 'b', 'c', 'd'].map((id) => ({ id, widgetType: 'ShapeRect', posLock: id === 'd', position: { x: 0, y: 0, width: 10, height: 10 } })),
      }),
    ),
    selection: [],
  });
  const order = (state: EditorState) => state.history.present.widgets.map((w) => w.id).join('');

  it("takes the target's place, up or down, as one step, selected", () => {
    const up = withLayerMoved(four(), 'a', 'c');
    expect(order(up)).toBe('bcad');
    expect(up.history.past).toHaveLength(1);
    expect(up.selection).toEqual(['a']);
    expect(order(withLayerMoved(four(), 'c', 'a'))).toBe('cabd');
    expect(order(withLayerMoved(four(), 'a', 'd'))).toBe('bcda');
  });

  it('leaves a locked widget, itself and unknown ids where they are', () => {
    const start = four();
    expect(withLayerMoved(start, 'd', 'a')).toBe(start);
    expect(withLayerMoved(start, 'b', 'b')).toBe(start);
    expect(withLayerMoved(start, 'x', 'a')).toBe(start);
    expect(withLayerMoved(start, 'a', 'x')).toBe(start);
  });
});
