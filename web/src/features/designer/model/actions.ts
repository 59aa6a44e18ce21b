/**
 * THE action registry of the designer (after excalidraw's): every command the toolbar, the keyboard and the context
 * menu offer is one entry here, with its label, its shortcut, when it is available and what it does, so the three
 * cannot disagree. An action is a pure function from the editor state to the next; each commits one history step,
 * and none (the same state) when it would change nothing.
 *
 * Copying and pasting join the registry with the clipboard.
 */
import type { PageDocument, Widget } from '@/runtime/document';
import { align, distribute, reorder, sameSize, type AlignEdge, type Axis, type ZOrder } from './arrange';
import { copySelection, paste, type Clipboard, type PasteResult } from './clipboard';
import { group, ungroup } from './grouping';
import { canRedo, canUndo, commit, redo, undo, type History } from './history';
import { resized } from './resize';
import { canDistribute, canGroup, edgeMargin, geometryOf, rotated, staysOnCanvas, type CountRefusal } from './rules';

export interface EditorState {
  history: History<PageDocument>;
  /** Selected top-level widgets, in the order they were picked. */
  selection: readonly string[];
  clipboard?: Clipboard;
  /** Why the last action did nothing, to show the engineer (a `designer` text and its values). */
  notice?: Notice;
}

export interface Notice {
  key: string;
  values: Record<string, string | number>;
  /** How it is told: a warning unless said otherwise (a refusal is one; a template's insertion is a success). */
  level?: 'success' | 'warning';
}

/** A key with its modifiers; `mod` is Ctrl (Cmd on a Mac). */
export interface Shortcut {
  key: string;
  mod?: boolean;
  shift?: boolean;
}

export interface Action {
  id: string;
  /** The i18n key of its name (`designer` texts). */
  labelKey: string;
  shortcuts: readonly Shortcut[];
  enabled(state: EditorState): boolean;
  perform(state: EditorState): EditorState;
}

/** The selected widgets that exist, in page order. */
function selected(state: EditorState): Widget[] {
  const ids = new Set(state.selection);
  return state.history.present.widgets.filter((w) => ids.has(w.id));
}

/** Commits the document with `widgets` when they differ from the present ones. */
/** The state with `widgets` committed as one step (the same state when they are the present ones). */
export function withWidgets(state: EditorState, widgets: Widget[], selection = state.selection): EditorState {
  const present = state.history.present;
  const same = widgets.length === present.widgets.length && widgets.every((w, i) => w === present.widgets[i]);
  if (same) return state;
  return { ...state, history: commit(state.history, { ...present, widgets }), selection, notice: undefined };
}

/** What to tell the engineer when the page's counts refuse widgets. */
export function refusalNotice(refusal: CountRefusal): Notice {
  return refusal.kind === 'tooManyWidgets'
    ? { key: 'designer.refusal.tooManyWidgets', values: { max: refusal.max } }
    : { key: 'designer.refusal.tooManyOfType', values: { max: refusal.max, type: refusal.widgetType } };
}

/** The pasted widgets as one step, selected; or the refusal as a notice. */
function afterPaste(state: EditorState, result: PasteResult, keepClipboard: boolean): EditorState {
  if (!result.ok) return { ...state, notice: refusalNotice(result.refusal) };
  const next = withWidgets(state, result.widgets, result.pastedIds);
  return keepClipboard ? next : { ...next, clipboard: result.clipboard };
}

/**
 * The arranged list with each widget the arrangement gave a new box placed whole in it: a group's members, a line's
 * points and a triangle's corners (canvas positions too) go with the box, else the drawing would stay behind its
 * frame. `before` and `arranged` are in the same order (align, distribute and same size keep it).
 */
export function placedWhole(before: readonly Widget[], arranged: readonly Widget[]): Widget[] {
  return arranged.map((w, i) => {
    const was = before[i];
    return was && w !== was && w.id === was.id ? resized(was, was.position, w.position) : w;
  });
}

function alignAction(id: string, labelKey: string, edge: AlignEdge): Action {
  return {
    id,
    labelKey,
    shortcuts: [],
    // Two at least, one of them free to move (locked ones stay and are lined up with).
    enabled: (state) => selected(state).length >= 2 && selected(state).some((w) => !w.posLock),
    perform: (state) => withWidgets(state, placedWhole(state.history.present.widgets, align(state.history.present.widgets, state.selection, edge))),
  };
}

function distributeAction(id: string, labelKey: string, axis: Axis): Action {
  return {
    id,
    labelKey,
    shortcuts: [],
    enabled: (state) => canDistribute(selected(state)),
    perform: (state) => withWidgets(state, placedWhole(state.history.present.widgets, distribute(state.history.present.widgets, state.selection, axis))),
  };
}

function sizeAction(id: string, labelKey: string, side: 'width' | 'height'): Action {
  return {
    id,
    labelKey,
    shortcuts: [],
    enabled: (state) => selected(state).length >= 2,
    perform: (state) => withWidgets(state, placedWhole(state.history.present.widgets, sameSize(state.history.present.widgets, state.selection, side))),
  };
}

function orderAction(id: string, labelKey: string, order: ZOrder, shortcuts: Shortcut[] = []): Action {
  return {
    id,
    labelKey,
    shortcuts,
    enabled: (state) => selected(state).some((w) => !w.posLock),
    perform: (state) => withWidgets(state, reorder(state.history.present.widgets, state.selection, order)),
  };
}

/** Turns the selection's unlocked widgets a quarter (spec section 5: 90° steps within 0–360; locked ones stay). */
function rotateAction(id: string, labelKey: string, quarterTurns: number): Action {
  return {
    id,
    labelKey,
    shortcuts: [],
    enabled: (state) => selected(state).some((w) => !w.posLock),
    perform: (state) => {
      const ids = new Set(state.selection);
      const widgets = state.history.present.widgets.map((w) => {
        if (!ids.has(w.id)) return w;
        const rotate = rotated(w.position.rotate, quarterTurns, w.posLock);
        return rotate === w.position.rotate ? w : { ...w, position: { ...w.position, rotate } };
      });
      return withWidgets(state, widgets);
    },
  };
}

/**
 * Moves the selection's unlocked widgets by (dx, dy), each only where enough of it stays on the canvas (spec
 * section 5, as for a drag); arrows move 1 unit, with Shift 10.
 */
function nudgeAction(id: string, labelKey: string, shortcut: Shortcut, dx: number, dy: number): Action {
  return {
    id,
    labelKey,
    shortcuts: [shortcut],
    enabled: (state) => selected(state).some((w) => !w.posLock),
    perform: (state) => {
      const ids = new Set(state.selection);
      const canvas = state.history.present.con;
      const widgets = state.history.present.widgets.map((w) => {
        if (!ids.has(w.id) || w.posLock) return w;
        const box = { ...w.position, x: w.position.x + dx, y: w.position.y + dy };
        return staysOnCanvas(box, canvas, edgeMargin(geometryOf(w.widgetType))) ? resized(w, w.position, box) : w;
      });
      return withWidgets(state, widgets);
    },
  };
}

/** How far Shift+arrow moves. */
export const NUDGE_FAR = 10;

/** Every action, in the order menus list them. */
export const ACTIONS: readonly Action[] = [
  {
    id: 'undo',
    labelKey: 'designer.action.undo',
    shortcuts: [{ key: 'z', mod: true }],
    enabled: (state) => canUndo(state.history),
    perform: (state) => ({ ...state, history: undo(state.history) }),
  },
  {
    id: 'redo',
    labelKey: 'designer.action.redo',
    shortcuts: [{ key: 'y', mod: true }, { key: 'z', mod: true, shift: true }],
    enabled: (state) => canRedo(state.history),
    perform: (state) => ({ ...state, history: redo(state.history) }),
  },
  {
    id: 'delete',
    labelKey: 'designer.action.delete',
    shortcuts: [{ key: 'Delete' }, { key: 'Backspace' }],
    enabled: (state) => selected(state).some((w) => !w.posLock),
    perform: (state) => {
      const ids = new Set(state.selection);
      const kept = state.history.present.widgets.filter((w) => !ids.has(w.id) || w.posLock);
      return withWidgets(state, kept, state.selection.filter((id) => kept.some((w) => w.id === id)));
    },
  },
  {
    id: 'copy',
    labelKey: 'designer.action.copy',
    shortcuts: [{ key: 'c', mod: true }],
    enabled: (state) => selected(state).length > 0,
    perform: (state) => ({ ...state, clipboard: copySelection(state.history.present.widgets, state.selection) }),
  },
  {
    id: 'paste',
    labelKey: 'designer.action.paste',
    shortcuts: [{ key: 'v', mod: true }],
    enabled: (state) => state.clipboard !== undefined,
    perform: (state) =>
      state.clipboard
        ? afterPaste(state, paste(state.history.present.widgets, state.clipboard, state.history.present.con), false)
        : state,
  },
  {
    id: 'duplicate',
    labelKey: 'designer.action.duplicate',
    shortcuts: [{ key: 'd', mod: true }],
    enabled: (state) => selected(state).length > 0,
    perform: (state) => {
      const copied = copySelection(state.history.present.widgets, state.selection);
      if (!copied) return state;
      return afterPaste(state, paste(state.history.present.widgets, copied, state.history.present.con), true);
    },
  },
  {
    id: 'group',
    labelKey: 'designer.action.group',
    shortcuts: [{ key: 'g', mod: true }],
    enabled: (state) => canGroup(selected(state)),
    perform: (state) => {
      const grouped = group(state.history.present.widgets, state.selection);
      return grouped ? withWidgets(state, grouped.widgets, [grouped.groupId]) : state;
    },
  },
  {
    id: 'ungroup',
    labelKey: 'designer.action.ungroup',
    shortcuts: [{ key: 'g', mod: true, shift: true }],
    enabled: (state) => selected(state).some((w) => w.widgetType === 'WidgetGroup' && !w.posLock),
    perform: (state) => {
      const lifted = ungroup(state.history.present.widgets, state.selection);
      return withWidgets(state, lifted.widgets, lifted.selection);
    },
  },
  alignAction('alignLeft', 'designer.action.alignLeft', 'left'),
  alignAction('alignCenterX', 'designer.action.alignCenterX', 'centerX'),
  alignAction('alignRight', 'designer.action.alignRight', 'right'),
  alignAction('alignTop', 'designer.action.alignTop', 'top'),
  alignAction('alignCenterY', 'designer.action.alignCenterY', 'centerY'),
  alignAction('alignBottom', 'designer.action.alignBottom', 'bottom'),
  distributeAction('distributeHorizontal', 'designer.action.distributeHorizontal', 'horizontal'),
  distributeAction('distributeVertical', 'designer.action.distributeVertical', 'vertical'),
  sizeAction('sameWidth', 'designer.action.sameWidth', 'width'),
  sizeAction('sameHeight', 'designer.action.sameHeight', 'height'),
  orderAction('bringToFront', 'designer.action.bringToFront', 'front'),
  orderAction('sendToBack', 'designer.action.sendToBack', 'back'),
  orderAction('bringForward', 'designer.action.bringForward', 'forward'),
  orderAction('sendBackward', 'designer.action.sendBackward', 'backward'),
  rotateAction('rotateClockwise', 'designer.action.rotateClockwise', 1),
  rotateAction('rotateCounterclockwise', 'designer.action.rotateCounterclockwise', -1),
  nudgeAction('nudgeLeft', 'designer.action.nudgeLeft', { key: 'ArrowLeft' }, -1, 0),
  nudgeAction('nudgeRight', 'designer.action.nudgeRight', { key: 'ArrowRight' }, 1, 0),
  nudgeAction('nudgeUp', 'designer.action.nudgeUp', { key: 'ArrowUp' }, 0, -1),
  nudgeAction('nudgeDown', 'designer.action.nudgeDown', { key: 'ArrowDown' }, 0, 1),
  nudgeAction('nudgeLeftFar', 'designer.action.nudgeLeftFar', { key: 'ArrowLeft', shift: true }, -NUDGE_FAR, 0),
  nudgeAction('nudgeRightFar', 'designer.action.nudgeRightFar', { key: 'ArrowRight', shift: true }, NUDGE_FAR, 0),
  nudgeAction('nudgeUpFar', 'designer.action.nudgeUpFar', { key: 'ArrowUp', shift: true }, 0, -NUDGE_FAR),
  nudgeAction('nudgeDownFar', 'designer.action.nudgeDownFar', { key: 'ArrowDown', shift: true }, 0, NUDGE_FAR),
];

/** A key press as the keyboard handler sees it. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

function matches(shortcut: Shortcut, press: KeyPress): boolean {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return (
    key === shortcut.key &&
    Boolean(shortcut.mod) === (press.ctrlKey || press.metaKey) &&
    Boolean(shortcut.shift) === press.shiftKey
  );
}

/** The action a key press names, if any. */
export function actionForKey(press: KeyPress): Action | undefined {
  return ACTIONS.find((action) => action.shortcuts.some((shortcut) => matches(shortcut, press)));
}

/** Runs what a key press names when it is available; answers the state unchanged otherwise. */
export function performShortcut(state: EditorState, press: KeyPress): EditorState {
  const action = actionForKey(press);
  return action && action.enabled(state) ? action.perform(state) : state;
}
