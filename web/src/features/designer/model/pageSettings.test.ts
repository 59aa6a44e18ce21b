import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import type { EditorState } from './actions';
import { createHistory } from './history';
import { CANVAS_MAX, CANVAS_MIN, FIT_MODES } from '@/runtime/document';
import { withCon } from './pageSettings';

const editor = (): EditorState => ({ history: createHistory(parsePageDocument({ con: { width: 800, height: 600 }, widgets: [] })), selection: [] });

describe('page settings', () => {
  it('change the canvas, fit and background as one step each', () => {
    const sized = withCon(editor(), { width: 1920, height: 1080 });
    expect(sized.history.present.con).toMatchObject({ width: 1920, height: 1080 });
    expect(sized.history.past).toHaveLength(1);
    const fitted = withCon(sized, { fit: 'width', bgColor: '#102030' });
    expect(fitted.history.present.con).toMatchObject({ fit: 'width', bgColor: '#102030' });
    expect(fitted.history.past).toHaveLength(2);
  });

  it("refuse what the server would, and add no step for no change", () => {
    const start = editor();
    expect(withCon(start, { width: CANVAS_MIN - 1 })).toBe(start);
    expect(withCon(start, { height: CANVAS_MAX + 1 })).toBe(start);
    expect(withCon(start, { width: 800.5 })).toBe(start);
    expect(withCon(start, { width: 800 })).toBe(start);
    expect(FIT_MODES).toEqual(['container', 'width', 'height', 'stretch', 'none']);
    expect(withCon(start, { fit: 'cover' as never })).toBe(start);
  });
});
