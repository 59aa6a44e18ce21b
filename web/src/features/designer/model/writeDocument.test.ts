import { describe, expect, it } from 'vitest';
import widgetTypes from '@/generated/widgetTypes.json';
import { parsePageDocument } from '@/runtime/document';
import { testDocumentRaw } from '@/runtime/testDocument';
import { writePageDocument } from './writeDocument';

/** Parse, write, parse again: the designer saves what it opened, nothing lost or changed. */
function roundTrip(raw: unknown) {
  const opened = parsePageDocument(raw);
  const written = JSON.parse(JSON.stringify(writePageDocument(opened))) as unknown;
  return { opened, written, reopened: parsePageDocument(written) };
}

describe('writing the page document back', () => {
  it('gives the viewer the same page it was opened from (the sample pump station)', () => {
    const { opened, reopened } = roundTrip(testDocumentRaw);
    expect(reopened).toEqual(opened);
  });

  it('round-trips one widget of every type, inside a group too', () => {
    const widgets = widgetTypes.types
      .filter((t) => t.type !== 'WidgetGroup')
      .map((t, i) => ({
        id: `w${i}`,
        widgetType: t.type,
        widgetName: t.type,
        position: { x: i * 10, y: i * 5, width: 40, height: 30, rotate: 90, r: 15, rx: 20, ry: 15 },
        // Points mean something for a line only (the writer keeps them there).
        ...(t.type === 'ShapeLine' ? { points: [[0, 0], [10, 5], [20, 0]] } : {}),
        style: { opacity: 0.5, fill: { enable: true, color: '#123456' } },
        data: { type: 'signal', equipId: 7, signalId: 3, title: 'Pump', signalArray: [{ type: 'signal', equipId: 7, signalId: 1 }] },
        clickEvent: { enable: true, config: { action: 'write', writeType: 'input', data: { type: 'signal', signalId: 4 } } },
        animation: { twinkle: { enable: true, symbol: '>', value: 3 }, fillColor: { enable: true } },
      }));
    const raw = {
      con: { width: 1280, height: 720 },
      widgets: [...widgets, { id: 'g', widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 99, height: 99 }, children: widgets.slice(0, 3).map((w) => ({ ...w, id: `in-${w.id}` })) }],
    };
    const { opened, reopened } = roundTrip(raw);
    expect(opened.widgets).toHaveLength(widgetTypes.types.length);
    expect(reopened).toEqual(opened);
  });

  it("writes a click event's spec defaults into a page that left them out (window 600 × 600, press type set1)", () => {
    const { written } = roundTrip({ widgets: [{ id: 'b', widgetType: 'UsualButton', clickEvent: { enable: true, config: { action: 'link' } } }] });
    const widgets = (written as { widgets: Array<{ clickEvent: { config: Record<string, unknown> } }> }).widgets;
    expect(widgets[0]?.clickEvent.config).toMatchObject({
      action: 'link', target: '_self', width: 600, height: 600, pressType: 'set1', writeType: 'fixed',
      delay: { enable: true, value: 1000 }, feedback: true,
    });
  });

  it("writes a project statistic's key with its system binding, and no key on a signal binding", () => {
    const raw = {
      con: { width: 800, height: 600 },
      widgets: [
        { id: 's', widgetType: 'UsualDataText', data: { type: 'system', systemKey: 'alarm_count', title: '未恢复报警数' } },
        { id: 'v', widgetType: 'UsualDataText', data: { type: 'signal', equipId: 1, signalId: 2, title: 'Flow' } },
      ],
    };
    const { written } = roundTrip(raw);
    const widgets = (written as { widgets: Array<{ data: Record<string, unknown> }> }).widgets;
    expect(widgets[0]?.data).toMatchObject({ type: 'system', systemKey: 'alarm_count', title: '未恢复报警数', signalId: null });
    expect(widgets[1]?.data).not.toHaveProperty('systemKey');
  });

  it('keeps every field it does not know where it was, and gives a line its points only', () => {
    const raw = {
      con: { width: 800, height: 600, designerGrid: 10 },
      widgets: [
        { id: 'a', widgetType: 'ShapeRect', futureField: { x: 1 }, style: { shadow: '2px' }, data: { unit: 'bar', dataAddon: { ticks: 5 } } },
        { id: 'l', widgetType: 'ShapeLine', points: [[1, 2], [3, 4]], clickEvent: { config: { window: 'small' } } },
      ],
      bind: { equips: [7], signals: [], keys: [], mvars: [] },
      version: 3,
    };
    const { written } = roundTrip(raw);
    const w = written as { con: Record<string, unknown>; widgets: Record<string, unknown>[]; version: number };
    expect(w.version).toBe(3);
    expect(w.con.designerGrid).toBe(10);
    expect(w.widgets[0]).toMatchObject({ futureField: { x: 1 }, style: { shadow: '2px' }, data: { unit: 'bar', dataAddon: { ticks: 5 } } });
    expect(w.widgets[0]).not.toHaveProperty('points');
    expect(w.widgets[1]).toMatchObject({ points: [[1, 2], [3, 4]], clickEvent: { config: { window: 'small' } } });
    expect(w.widgets[0]).not.toHaveProperty('children');
  });
});
