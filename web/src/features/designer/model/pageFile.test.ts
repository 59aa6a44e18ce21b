import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import { testDocumentRaw } from '@/runtime/testDocument';
import { createHistory, undo } from './history';
import { exportPage, importPage } from './pageFile';
import { MAX_WIDGETS } from './rules';

const editor = () => ({ history: createHistory(parsePageDocument({ widgets: [{ id: 'mine', widgetType: 'ShapeRect' }] })), selection: ['mine'] });

describe('a page as a JSON file', () => {
  it('exports the stored form under a safe name, and imports it back whole as one step', () => {
    const page = parsePageDocument(testDocumentRaw);
    const file = exportPage(page, 'Pump 1/2: "main"');
    expect(file.name).toBe('Pump 1_2_ _main_.json');
    const imported = importPage(editor(), file.text);
    expect(imported.notice).toBeUndefined();
    expect(exportPage(imported.history.present, 'x').text).toBe(file.text);
    expect(imported.selection).toEqual([]);
    expect(undo(imported.history).present.widgets.map((w) => w.id)).toEqual(['mine']);
  });

  it('refuses what is not a page, a canvas out of bounds and too many widgets', () => {
    const notice = (text: string) => {
      const before = editor();
      const after = importPage(before, text);
      expect(after.history.present.widgets.map((w) => w.id)).toEqual(['mine']);
      return after.notice?.key;
    };
    expect(notice('{')).toBe('designer.file.notJson');
    expect(notice('[1]')).toBe('designer.file.notPage');
    expect(notice('{"widgets": 3}')).toBe('designer.file.notPage');
    expect(notice('{"con": {"width": 50}, "widgets": []}')).toBe('designer.file.badCanvas');
    const many = { widgets: Array.from({ length: MAX_WIDGETS + 1 }, (_, i) => ({ id: `w${i}`, widgetType: 'ShapeRect' })) };
    expect(notice(JSON.stringify(many))).toBe('designer.refusal.tooManyWidgets');
    const weather = { widgets: Array.from({ length: 4 }, (_, i) => ({ id: `w${i}`, widgetType: 'ComplexWeather' })) };
    expect(notice(JSON.stringify(weather))).toBe('designer.refusal.tooManyOfType');
    expect(notice(' '.repeat(2 * 1024 * 1024 + 1))).toBe('designer.file.tooLarge');
  });
});
