import { describe, expect, it } from 'vitest';
import en from '@/locales/en/designer.json';
import zh from '@/locales/zh-CN/designer.json';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { widgetDefOf } from '@/runtime/registry';
import { CHART_FIELDS } from './fields/charts';
import { FLOW_BAR_FIELDS } from './fields/flowBar';
import { GAUGE_FIELDS } from './fields/gauges';
import { STATE_ITEM_FIELDS } from './fields/stateItems';
import { TABLE_FIELDS } from './fields/tables';
import { XY_FIELDS } from './fields/xyChart';
import { ALL_FIELDS, FIELD_IDS, PANEL_FIELD_IDS, PANEL_TYPES, WIDGET_TYPES, sectionsOf, withField } from './properties';

function widget(widgetType: string, extra: Record<string, unknown> = {}): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType, position: { x: 0, y: 0, width: 100, height: 40 }, ...extra }] }).widgets;
  return w as Widget;
}

const label = (texts: typeof zh, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);

describe('the property description', () => {
  it('gives every generated widget type a panel, names only fields it describes, and labels them in both languages', () => {
    for (const type of WIDGET_TYPES) expect(sectionsOf(type).length, type).toBeGreaterThan(0);
    for (const id of PANEL_FIELD_IDS) expect(FIELD_IDS, id).toContain(id);
    for (const texts of [zh, en]) {
      for (const id of FIELD_IDS) expect(typeof label(texts, ['designer', 'field', id]), id).toBe('string');
      for (const section of ['style', 'text', 'data', 'click', 'animation']) expect(typeof label(texts, ['designer', 'section', section])).toBe('string');
      for (const f of ALL_FIELDS) {
        const type = f.type;
        if (type.kind === 'choice' && !type.literal) {
          for (const option of type.options) expect(typeof label(texts, ['designer', 'option', f.id, option]), `${f.id}.${option}`).toBe('string');
        }
        if (type.kind === 'rows') {
          expect(typeof label(texts, ['designer', 'addRow', f.id]), `addRow.${f.id}`).toBe('string');
          for (const column of type.columns) expect(typeof label(texts, ['designer', 'column', column.key]), `column.${column.key}`).toBe('string');
        }
      }
      for (const key of ['removeRow']) expect(typeof label(texts, ['designer', key])).toBe('string');
      for (const key of ['add', 'up', 'down', 'remove', 'empty', 'full']) expect(typeof label(texts, ['designer', 'signalList', key])).toBe('string');
    }
  });

  it('offers the widget-specific settings (spec section 3) only on types the viewer draws', () => {
    const specific = new Set([...GAUGE_FIELDS, ...STATE_ITEM_FIELDS, ...CHART_FIELDS, ...XY_FIELDS, ...TABLE_FIELDS, ...FLOW_BAR_FIELDS].map((f) => f.id));
    const offering = PANEL_TYPES.filter((type) => sectionsOf(type).some((s) => s.fields.some((f) => specific.has(f.id))));
    expect(offering.sort()).toEqual(
      [
        'ComplexAlarm',
        'ComplexArea',
        'ComplexBar',
        'ComplexHistory',
        'ComplexLine',
        'ComplexPie',
        'ComplexRing',
        'ComplexRose',
        'ComplexXyline',
        'UsualAnimation',
        'UsualDashboard',
        'UsualPercentFill',
        'UsualScrollbar',
      ].sort(),
    );
    for (const type of offering) expect(widgetDefOf(type).drawn, type).toBe(true);
  });

  it('writes a field into a new widget and leaves the old one as it was', () => {
    const rect = widget('ShapeRect');
    const filled = withField(rect, 'fillColor', '#ff0000');
    expect(filled.style.fill.color).toBe('#ff0000');
    expect(rect.style.fill.color).not.toBe('#ff0000');
    expect(withField(filled, 'fillColor', '#ff0000')).toBe(filled);
    expect(withField(rect, 'strokeDash', 'dotted').style.stroke.dasharray).toBe('2 2');
    expect(withField(rect, 'strokeDash', 'solid').style.stroke.dasharray).toBe('');
  });

  it('ignores a field the type does not show', () => {
    const rect = widget('ShapeRect');
    expect(withField(rect, 'text', 'hello')).toBe(rect);
    expect(withField(rect, 'nonsense', 1)).toBe(rect);
  });

  it('binds a signal with its titles and unbinds it', () => {
    const shown = widget('UsualDataText');
    const bound = withField(shown, 'binding', { id: 7, equipId: 3, title: 'Outlet pressure', equipTitle: 'Pump' });
    expect(bound.data).toMatchObject({ type: 'signal', equipId: 3, signalId: 7, title: 'Outlet pressure', subTitle: 'Pump' });
    const unbound = withField(bound, 'binding', null);
    expect(unbound.data).toMatchObject({ type: '', equipId: null, signalId: null, title: '' });
  });

  it("shows a click event's fields for its action, and binds a write to a writable signal", () => {
    const button = widget('UsualButton');
    const fieldsShown = (w: Widget) => sectionsOf(w.widgetType).flatMap((s) => s.fields).filter((f) => f.shown?.(w) ?? true).map((f) => f.id);
    expect(fieldsShown(button)).toContain('clickEnable');
    expect(fieldsShown(button)).not.toContain('clickAction');
    const writing = withField(withField(button, 'clickEnable', true), 'clickAction', 'write');
    expect(fieldsShown(writing)).toEqual(expect.arrayContaining(['clickSignal', 'writeType', 'writeValue', 'hint']));
    expect(fieldsShown(writing)).not.toContain('link');
    const set = withField(withField(writing, 'clickSignal', { id: 9, equipId: 3, title: 'Pump start', equipTitle: 'Pump', writable: true }), 'writeValue', 1);
    expect(set.clickEvent.config).toMatchObject({ action: 'write', writeValue: 1, data: { signalId: 9, title: 'Pump start' } });
    const linking = withField(writing, 'clickAction', 'link');
    expect(fieldsShown(linking)).toEqual(expect.arrayContaining(['link', 'target']));
    expect(fieldsShown(linking)).not.toContain('writeValue');
    // The new window's size, 600 × 600 unless changed (spec section 3), only for a link that opens one.
    expect(fieldsShown(linking)).not.toContain('clickWidth');
    const windowed = withField(linking, 'target', '_blank');
    expect(fieldsShown(windowed)).toEqual(expect.arrayContaining(['clickWidth', 'clickHeight']));
    expect(windowed.clickEvent.config).toMatchObject({ width: 600, height: 600, pressType: 'set1' });
    expect(withField(withField(windowed, 'clickWidth', 800), 'clickHeight', 40).clickEvent.config).toMatchObject({ width: 800, height: 100 });
  });

  it('switches animations on with the spec defaults and keeps colour rules clean', () => {
    const rect = widget('ShapeRect');
    const visible = withField(rect, 'visEnable', true);
    expect(visible.animation.visiable).toEqual({ enable: true, symbol: '==', value: 0, visiable: 'hide' });
    const turning = withField(withField(rect, 'rotateEnable', true), 'rotateDirection', 'counterclockwise');
    expect(turning.animation.rotate).toMatchObject({ enable: true, direction: -1, speed: 1000 });
    const filled = withField(rect, 'fillRuleEnable', true);
    expect(filled.animation.fillColor).toEqual({
      enable: true,
      dataArray: [
        { symbol: '==', value: 0, color: '#FF0000' },
        { symbol: '==', value: 1, color: '#FFFF00' },
      ],
    });
    const ruled = withField(filled, 'fillRuleRules', [{ symbol: '>', value: 5, color: '#00FF00' }, { symbol: 'no', value: 'x' }]);
    expect(ruled.animation.fillColor?.dataArray).toEqual([
      { symbol: '>', value: 5, color: '#00FF00' },
      { symbol: '==', value: 0, color: '#FF0000' },
    ]);
  });
});
