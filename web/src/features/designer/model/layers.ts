/**
 * The layer list's changes to the page: lock or unlock a widget (a locked widget is never moved, resized,
 * aligned or grouped), rename it, and move it in the drawing order by dragging its row, each one history step. Hiding a widget in the editor is not a change of the
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

/**
 * Moves widget `id` to the place of widget `target` in the drawing order (the row dragged onto another row takes
 * that row's place; the rows between shift by one). A locked widget keeps its place, as with the z-order actions,
 * and so does any widget when either is not a top-level widget of the page.
 */
export function withLayerMoved(state: EditorState, id: string, target: string): EditorState {
  const widgets = state.history.present.widgets;
  const from = widgets.findIndex((w) => w.id === id);
  const to = widgets.findIndex((w) => w.id === target);
  if (from < 0 || to < 0 || from === to || widgets[from]!.posLock) return state;
  const moved = widgets.filter((w) => w.id !== id);
  moved.splice(to, 0, widgets[from]!);
  return withWidgets(state, moved, [id]);
}
