import { describe, expect, it } from 'vitest';
import { createHistory, undo } from './history';
import { restoreVersion } from './versions';
import { parsePageDocument, type PageDocument } from '@/runtime/document';
import { testDocumentRaw } from '@/runtime/testDocument';

describe('restoreVersion', () => {
  it('puts the version in place as one undoable step and clears the selection', () => {
    const current = parsePageDocument(testDocumentRaw);
    const version: PageDocument = { ...current, widgets: current.widgets.slice(0, 1) };
    const state = { history: createHistory(current), selection: [current.widgets[1]!.id] };
    const restored = restoreVersion(state, version);
    expect(restored.history.present).toBe(version);
    expect(restored.selection).toEqual([]);
    expect(undo(restored.history).present).toBe(current);
  });
});
