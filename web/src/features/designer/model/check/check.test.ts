import { describe, expect, it } from 'vitest';
import reasonTexts from '@/generated/reasonTexts.json';
import { parsePageDocument } from '@/runtime/document';
import table from '../documentCheckCases.json';
import { checkDocumentText, checkPageDocument, reasonText, refusalMessage } from './documentCheck';

interface Case {
  name: string;
  document: unknown;
  many?: { times: number; widget: { id: string } & Record<string, unknown> };
  refusal: unknown;
  zh: string | null;
  en: string | null;
}

const cases = table.cases as unknown as Case[];

/** The text a case sends, as crates/domain/src/page/cases.rs builds it: a text as it is, else written out. */
function documentText({ document, many }: Case): string {
  if (typeof document === 'string') return document;
  const doc = structuredClone(document) as { widgets: unknown[] };
  if (many) {
    for (let i = 0; i < many.times; i += 1) doc.widgets.push({ ...structuredClone(many.widget), id: `${many.widget.id}${i}` });
  }
  return JSON.stringify(doc);
}

/**
 * The designer's check against the table the server's check reads too (crates/domain/src/page/cases.rs): a case
 * failing here or there means the two drifted apart, in what they refuse first or in how they word it.
 */
describe('the check before saving', () => {
  it('reads the shared table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$name', (c) => {
    const answer = checkDocumentText(documentText(c));
    if (c.refusal === null) {
      expect(answer).toMatchObject({ ok: true });
      return;
    }
    expect(answer.ok ? null : answer.reason).toStrictEqual(c.refusal);
    if (answer.ok) return;
    expect(refusalMessage(answer.reason, 'zh-CN')).toBe(c.zh);
    expect(refusalMessage(answer.reason, 'en')).toBe(c.en);
  });

  it('answers what the page list learns of an accepted document', () => {
    const text = JSON.stringify({ con: { width: 1920 }, widgets: [{ id: 'g', widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 1, height: 1 }, children: [{ id: 'c', widgetType: 'UsualText', position: { x: 0, y: 0, width: 1, height: 1 } }] }] });
    expect(checkDocumentText(text)).toEqual({ ok: true, valid: { width: 1920, height: 768, widgets: 2 } });
  });

  it('checks the designer document as it would be sent', () => {
    const doc = parsePageDocument({ widgets: [{ id: 'r1', widgetType: 'ShapeRect', style: { color: 'red' } }] });
    expect(checkPageDocument(doc)).toEqual({
      ok: false,
      reason: { kind: 'widget', args: { widget: { id: 'r1' }, reason: { kind: 'field', args: { path: 'style.color', reason: { kind: 'notColour' } } } } },
    });
    expect(checkPageDocument(parsePageDocument({ widgets: [{ id: 'r1', widgetType: 'ShapeRect' }] }))).toMatchObject({ ok: true });
  });
});

describe('reasonText', () => {
  it('words every generated reason, its placeholders filled', () => {
    for (const kind of Object.keys(reasonTexts.reasons)) {
      const args = { max: 3, min: 1, max_kib: 2048, widget_type: 'UsualWebgl', allowed: ['a', 'b'] };
      for (const lang of ['zh', 'en'] as const) expect(reasonText({ kind, args }, lang)).not.toMatch(/\{\{/);
    }
    expect(reasonText({ kind: 'oneOf', args: { allowed: ['a', 'b'] } }, 'zh')).toBe('必须是以下之一：a、b');
  });

  it('fills an id holding braces as it is', () => {
    const reason = { kind: 'widget', args: { widget: { id: '{{reason}}' }, reason: { kind: 'duplicateId' } } };
    expect(reasonText(reason, 'en')).toBe('widget "{{reason}}": its id is used by another widget of the page');
  });

  it('names a reason it has no text for by its kind', () => {
    expect(reasonText({ kind: 'somethingNew' }, 'en')).toBe('somethingNew');
  });
});
