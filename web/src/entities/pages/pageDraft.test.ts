import { describe, expect, it } from 'vitest';
import { readPageDraft, writePageDraft } from './pageDraft';

function memory() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('page drafts', () => {
  it('keep one draft per page, the latest', () => {
    const storage = memory();
    expect(writePageDraft(4, '{"widgets":[]}', storage)).toBe(true);
    expect(writePageDraft(4, '{"widgets":[1]}', storage)).toBe(true);
    expect(readPageDraft(4, storage)?.text).toBe('{"widgets":[1]}');
    expect(readPageDraft(5, storage)).toBeNull();
  });

  it('read nothing from what is not a draft, and tell a refused write', () => {
    const storage = memory();
    storage.setItem('ironsight.pageDraft.1', 'not json');
    storage.setItem('ironsight.pageDraft.2', '{"text":3,"at":1}');
    expect(readPageDraft(1, storage)).toBeNull();
    expect(readPageDraft(2, storage)).toBeNull();
    const full = { setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    expect(writePageDraft(3, '{}', full)).toBe(false);
  });
});
