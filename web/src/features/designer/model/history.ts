/**
 * The designer's undo history: snapshots of the page document, at most {@link UNDO_STEPS} steps back (spec
 * section 9: 50 undo steps).
 *
 * One user gesture is one step, however many frames it drew: a drag, a resize, a rotation or a property typed
 * letter by letter. As in tldraw, a gesture opens with a *mark* ({@link begin}); while it lasts, {@link preview}
 * replaces the shown document without adding steps; {@link end} turns the whole gesture into one step (or none,
 * when nothing changed) and {@link cancel} (Esc) goes back to the mark. Anything committed outside a gesture
 * ({@link commit}: align, paste, delete, …) is one step on its own.
 *
 * The history holds documents the caller has already checked: nothing refused by the page rules is committed, so
 * undo and redo can only return to documents the server would accept. Snapshots share structure (the caller
 * replaces only the widgets it changes), so 50 steps of a 1,000-widget page cost little.
 *
 * Pure functions over an immutable value: easy to test, and React state can hold it as it is.
 */

/** Steps undo can go back (spec section 9). */
export const UNDO_STEPS = 50;

export interface History<T> {
  /** Earlier documents, oldest first; the last one is what undo returns to. */
  readonly past: readonly T[];
  /** The document shown. */
  readonly present: T;
  /** Documents undone, the next redo first. */
  readonly future: readonly T[];
  /** While a gesture lasts: the document before it. */
  readonly mark: T | undefined;
}

export function createHistory<T>(initial: T): History<T> {
  return { past: [], present: initial, future: [], mark: undefined };
}

/** Adds `next` as one step (ending any open gesture first, as that gesture's step). */
export function commit<T>(history: History<T>, next: T): History<T> {
  const settled = end(history);
  if (Object.is(next, settled.present)) return settled;
  return { past: bounded([...settled.past, settled.present]), present: next, future: [], mark: undefined };
}

/** Opens a gesture: what follows until {@link end} is one step. A gesture already open goes on. */
export function begin<T>(history: History<T>): History<T> {
  return history.mark === undefined ? { ...history, mark: history.present } : history;
}

/** Shows `next` during a gesture without adding a step (outside a gesture it is a {@link commit}). */
export function preview<T>(history: History<T>, next: T): History<T> {
  if (history.mark === undefined) return commit(history, next);
  return { ...history, present: next };
}

/** Closes the gesture: one step from the mark to what is shown, none when nothing changed. */
export function end<T>(history: History<T>): History<T> {
  const { mark } = history;
  if (mark === undefined) return history;
  if (Object.is(mark, history.present)) return { ...history, mark: undefined };
  return { past: bounded([...history.past, mark]), present: history.present, future: [], mark: undefined };
}

/** Abandons the gesture (Esc): back to the document at its mark, no step. */
export function cancel<T>(history: History<T>): History<T> {
  return history.mark === undefined ? history : { ...history, present: history.mark, mark: undefined };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.mark === undefined && history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.mark === undefined && history.future.length > 0;
}

/** One step back; nothing during a gesture (the gesture must end or be cancelled first). */
export function undo<T>(history: History<T>): History<T> {
  if (!canUndo(history)) return history;
  const previous = history.past[history.past.length - 1] as T;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], mark: undefined };
}

/** One step forward again. */
export function redo<T>(history: History<T>): History<T> {
  if (!canRedo(history)) return history;
  const [next, ...rest] = history.future as [T, ...T[]];
  return { past: bounded([...history.past, history.present]), present: next, future: rest, mark: undefined };
}

function bounded<T>(past: T[]): T[] {
  return past.length > UNDO_STEPS ? past.slice(past.length - UNDO_STEPS) : past;
}
