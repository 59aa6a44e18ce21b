/**
 * The designer's state in React: the model's `Designer` (editor state, tool, gesture) behind one updater, so every
 * pointer event, key and toolbar click is `update(model function)`, plus what the screen needs around it: the
 * document last saved (the unsaved flag) and the save itself.
 */
import { useCallback, useState } from 'react';
import type { PageDocument } from '@/runtime/document';
import { commit, createHistory } from '../model/history';
import type { Designer, Tool } from '../model/tools';

export function initialDesigner(document: PageDocument): Designer {
  return { editor: { history: createHistory(document), selection: [] }, tool: { kind: 'select' }, gesture: { kind: 'idle' } };
}

export interface DesignerHandle {
  designer: Designer;
  /** Applies a model function to the latest state (pointer events arrive faster than renders). */
  update(change: (d: Designer) => Designer): void;
  setTool(tool: Tool): void;
  /** The document differs from the one last saved (or loaded). */
  unsaved: boolean;
  /** Records `document` as saved. */
  markSaved(document: PageDocument): void;
}

/**
 * The designer on `document` as stored. With `repaired` (binding repair on open), the editor starts on the repaired
 * document, one undoable step after the stored one, and is unsaved until the engineer saves the repair.
 */
export function useDesigner(document: PageDocument, repaired?: PageDocument): DesignerHandle {
  const [designer, setDesigner] = useState(() => {
    const start = initialDesigner(document);
    if (!repaired || repaired === document) return start;
    return { ...start, editor: { ...start.editor, history: commit(start.editor.history, repaired) } };
  });
  const [saved, setSaved] = useState<PageDocument>(document);
  const update = useCallback((change: (d: Designer) => Designer) => setDesigner(change), []);
  const setTool = useCallback((tool: Tool) => update((d) => ({ ...d, tool, gesture: { kind: 'idle' } })), [update]);
  return {
    designer,
    update,
    setTool,
    unsaved: designer.editor.history.present !== saved,
    markSaved: setSaved,
  };
}
