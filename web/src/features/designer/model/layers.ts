/**
 * The layer list's changes to the page: lock or unlock a widget (a locked widget is never moved, resized,
 * aligned or grouped) and rename it, each one history step. Hiding a widget in the editor is not a change of the
 * page (the viewer still shows it): the editor keeps that set itself.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { withWidgets, type EditorState } from './actions';

/** Longest widget name (the server's limit). */
export const MAX_NAME_CHARS: number = widgetTypes.maxNameChars;

export function withLock(state: EditorState, id: string, locked: boolean): EditorState {
  const widgets = state.history.present.widgets.map((w) => (w.id === id && w.posLock !== locked ? { ...w, posLock: locked } : w));
  return withWidgets(state, widgets);
}

/** Renames a widget; the name is trimmed and cut to the limit (an empty name is allowed: the type names it). */
export function withName(state: EditorState, id: string, name: string): EditorState {
  const clean = [...name.trim()].slice(0, MAX_NAME_CHARS).join('');
  const widgets = state.history.present.widgets.map((w) => (w.id === id && w.widgetName !== clean ? { ...w, widgetName: clean } : w));
  return withWidgets(state, widgets);
}
