/**
 * The page's own settings (spec section 3, `con`): canvas size within the server's bounds, how the viewer fits it,
 * background colour and picture. Each change is one history step; a size out of bounds changes nothing. The
 * bounds and fit modes are the runtime's, from the generated widgetTypes.json, so the designer refuses what the
 * server would.
 */
import { CANVAS_MAX, CANVAS_MIN, FIT_MODES, type PageCon } from '@/runtime/document';
import { commit } from './history';
import type { EditorState } from './actions';

export type ConPatch = Partial<Pick<PageCon, 'width' | 'height' | 'fit' | 'bgColor' | 'bgImage'>>;

/** Whether a patch is one the server would take. */
export function conAllowed(patch: ConPatch): boolean {
  const size = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= CANVAS_MIN && n <= CANVAS_MAX);
  return size(patch.width) && size(patch.height) && (patch.fit === undefined || FIT_MODES.includes(patch.fit));
}

/** The editor with the page's settings patched, as one step; the same state when refused or unchanged. */
export function withCon(state: EditorState, patch: ConPatch): EditorState {
  if (!conAllowed(patch)) return state;
  const present = state.history.present;
  const con = { ...present.con, ...patch };
  const same = (Object.keys(patch) as Array<keyof ConPatch>).every((key) => con[key] === present.con[key]);
  return same ? state : { ...state, history: commit(state.history, { ...present, con }) };
}
