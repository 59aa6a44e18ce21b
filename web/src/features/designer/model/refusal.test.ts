import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import { checkPageDocument } from './check/documentCheck';
import { refusedWidget, widgetOfReason } from './refusal';

const { widgets } = parsePageDocument({
  widgets: [
    { id: 'a', widgetType: 'ShapeRect' },
    { id: 'g', widgetType: 'WidgetGroup', children: [{ id: 'child', widgetType: 'UsualText' }] },
  ],
});

const refusal = (widget: unknown) => ({
  code: '1100',
  data: { field: 'document', reason: { kind: 'widget', args: { widget, reason: { kind: 'notAllowed' } } } },
});

describe('refusedWidget', () => {
  it('names the top-level widget of a refused save, by id or by place', () => {
    expect(refusedWidget(refusal({ id: 'a' }), widgets)).toBe('a');
    expect(refusedWidget(refusal({ id: 'child' }), widgets)).toBe('g');
    expect(refusedWidget(refusal({ at: 'widgets[1].children[0]' }), widgets)).toBe('g');
  });

  it('names nothing for other refusals or widgets the page does not have', () => {
    expect(refusedWidget(refusal({ id: 'gone' }), widgets)).toBeUndefined();
    expect(refusedWidget(refusal({ at: 'widgets[9]' }), widgets)).toBeUndefined();
    expect(refusedWidget({ code: '1100', data: { field: 'document', reason: { kind: 'tooLarge' } } }, widgets)).toBeUndefined();
    expect(refusedWidget({ code: '1205', data: null }, widgets)).toBeUndefined();
  });
});

describe('widgetOfReason', () => {
  it('names the widget of the check before saving as it names the server\'s', () => {
    const doc = parsePageDocument({
      widgets: [
        { id: 'a', widgetType: 'ShapeRect', position: { x: 0, y: 0, width: 1, height: 1 } },
        { id: 'g', widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 1, height: 1 }, children: [
          { id: 'child', widgetType: 'UsualText', position: { x: 0, y: 0, width: 1, height: 1 }, style: { color: 'red' } },
        ] },
      ],
    });
    const check = checkPageDocument(doc);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(widgetOfReason(check.reason, doc.widgets)).toBe('g');
    expect(widgetOfReason({ kind: 'tooManyWidgets', args: { max: 1000 } }, doc.widgets)).toBeUndefined();
    expect(widgetOfReason(undefined, doc.widgets)).toBeUndefined();
  });
});
