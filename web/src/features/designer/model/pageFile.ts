/**
 * A page as a JSON file (beyond the spec: moving a page between equipment or installations). Export writes the
 * document in its stored form; import reads one back as one undoable step of the editor, after the checks the
 * designer can make here (a JSON object with a widget list, a canvas the server takes, the page-wide counts); the
 * server checks the rest when the page is saved and names the widget it refuses.
 */
import { allWidgets, parsePageDocument, type PageDocument } from '@/runtime/document';
import { refusalNotice, type EditorState } from './actions';
import { commit } from './history';
import { conAllowed } from './pageSettings';
import { countRefusal } from './rules';
import { writePageDocument } from './writeDocument';

/** Largest file read (the server's document limit). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** The file an export downloads: the page's title made safe as a file name. */
export function exportPage(document: PageDocument, title: string): { name: string; text: string } {
  const base = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'page';
  return { name: `${base}.json`, text: `${JSON.stringify(writePageDocument(document), null, 2)}\n` };
}

/** Why a file was not imported, as the editor's notice (a `designer` text). */
const refused = (state: EditorState, why: 'tooLarge' | 'notJson' | 'notPage' | 'badCanvas'): EditorState => ({
  ...state,
  notice: { key: `designer.file.${why}`, values: { max: MAX_FILE_BYTES / 1024 / 1024 } },
});

/**
 * The editor with the file's page in place of the current one (one step, nothing selected), or unchanged with a
 * notice saying why not.
 */
export function importPage(state: EditorState, text: string): EditorState {
  if (text.length > MAX_FILE_BYTES) return refused(state, 'tooLarge');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refused(state, 'notJson');
  }
  const object = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (!object || !Array.isArray(object.widgets)) return refused(state, 'notPage');
  const document = parsePageDocument(object);
  const con = (typeof object.con === 'object' && object.con !== null ? object.con : {}) as Record<string, unknown>;
  const size = (key: 'width' | 'height') => (con[key] === undefined ? undefined : (con[key] as number));
  if (!conAllowed({ width: size('width'), height: size('height') })) return refused(state, 'badCanvas');
  const counted = countRefusal([], [...allWidgets(document.widgets)].map((w) => w.widgetType));
  if (counted) return { ...state, notice: refusalNotice(counted) };
  return { ...state, history: commit(state.history, document), selection: [], notice: undefined };
}
