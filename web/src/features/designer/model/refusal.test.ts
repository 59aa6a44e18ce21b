import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/runtime/document';
import { refusedWidget } from './refusal';

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
