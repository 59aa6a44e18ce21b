/**
 * Restoring a kept version: the version's document replaces the page in the editor as one step, so undo goes back
 * to what was there, and the page is unsaved until the engineer saves it (which keeps it as the newest version).
 * The selection is cleared: its widgets may not exist in the version.
 */
import type { PageDocument } from '@/runtime/document';
import { commit } from './history';
import type { EditorState } from './actions';

export function restoreVersion(state: EditorState, version: PageDocument): EditorState {
  return { ...state, history: commit(state.history, version), selection: [] };
}
