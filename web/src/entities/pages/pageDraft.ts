/**
 * The designer's "Preview" of unsaved changes: the editor writes the document it holds into this browser's storage and
 * opens the monitor's viewer of the same page with `?draft=1` (lib/paths.ts `DRAFT_QUERY`), which draws that document
 * instead of the stored one, live, under a banner saying it is not saved. Only the page's own viewer reads it, and only
 * after the server answered the page (so the caller's rights and the page password apply as usual); nothing is sent to
 * the server. One draft per page, replaced by the next preview; a draft the storage refuses (too large) is reported,
 * not kept.
 */

const key = (pageId: number) => `ironsight.pageDraft.${pageId}`;

export interface PageDraft {
  /** The document as JSON text, as the designer would save it. */
  text: string;
  /** When it was written (ms). */
  at: number;
}

/** Keeps `text` as the page's draft; false when the storage refuses it (full, or disabled). */
export function writePageDraft(pageId: number, text: string, storage: Pick<Storage, 'setItem'> = localStorage): boolean {
  try {
    storage.setItem(key(pageId), JSON.stringify({ text, at: Date.now() } satisfies PageDraft));
    return true;
  } catch {
    return false;
  }
}

/** The page's draft, or null when there is none or it is unreadable. */
export function readPageDraft(pageId: number, storage: Pick<Storage, 'getItem'> = localStorage): PageDraft | null {
  try {
    const raw = storage.getItem(key(pageId));
    if (raw === null) return null;
    const draft: unknown = JSON.parse(raw);
    if (typeof draft !== 'object' || draft === null) return null;
    const { text, at } = draft as Record<string, unknown>;
    return typeof text === 'string' && typeof at === 'number' ? { text, at } : null;
  } catch {
    return null;
  }
}
