import { describe, expect, it } from 'vitest';
import { allWidgets, parsePageDocument, type Widget } from '@/runtime/document';
import { placeTemplate, signalNamesOf, templateOf, templateText, type NamedSignal } from './templates';

const PUMP = { id: 3, title: 'Pump 1' };
const OTHER = { id: 8, title: 'Pump 2' };

const bound = (signalId: number, title: string, equipId = PUMP.id) => ({ type: 'signal', equipId, signalId, title, subTitle: 'Pump 1' });

function page(raw: unknown[]): Widget[] {
  return parsePageDocument({ widgets: raw }).widgets;
}

const sample = () =>
  page([
    { id: 'a', widgetType: 'UsualDataText', position: { x: 100, y: 200, width: 80, height: 20 }, data: bound(7, 'Outlet pressure') },
    {
      id: 'b',
      widgetType: 'UsualButton',
      position: { x: 190, y: 240, width: 60, height: 30 },
      clickEvent: { enable: true, config: { action: 'write', data: bound(9, 'Setpoint') } },
    },
    {
      id: 'c',
      widgetType: 'ComplexLine',
      position: { x: 300, y: 300, width: 200, height: 100 },
      data: { signalArray: [bound(7, 'Outlet pressure'), bound(11, 'Motor current')] },
    },
    {
      id: 'g',
      widgetType: 'WidgetGroup',
      position: { x: 120, y: 260, width: 40, height: 40 },
      children: [
        {
          id: 'm',
          widgetType: 'ShapeRect',
          position: { x: 120, y: 260, width: 40, height: 40 },
          data: bound(12, 'Running'),
          clickEvent: { enable: true, config: { action: 'page', pageId: 44 } },
        },
      ],
    },
  ]);

const bindingsOf = (widgets: readonly Widget[]) =>
  [...allWidgets(widgets)].flatMap((w) =>
    [w.data, ...(w.data.signalArray ?? []), w.clickEvent.config.data]
      .filter((b) => b.type === 'signal')
      .map((b) => [w.id, b.title, b.signalId, b.equipId, b.subTitle]),
  );

describe('a template made from a selection', () => {
  it('keeps the selected widgets in page order, moved to start at (0, 0)', () => {
    const made = templateOf(sample(), ['g', 'a', 'b'])!;
    expect(made.map((w) => [w.id, w.position.x, w.position.y])).toEqual([
      ['a', 0, 0],
      ['b', 90, 40],
      ['g', 20, 60],
    ]);
    expect(made[2].children[0].position).toMatchObject({ x: 20, y: 60 });
    expect(templateOf(sample(), [])).toBeUndefined();
  });

  it('binds by name only: every id and equipment title forgotten, page links cleared', () => {
    const made = templateOf(sample(), ['a', 'b', 'c', 'g'])!;
    expect(bindingsOf(made)).toEqual([
      ['a', 'Outlet pressure', null, null, ''],
      ['b', 'Setpoint', null, null, ''],
      ['c', 'Outlet pressure', null, null, ''],
      ['c', 'Motor current', null, null, ''],
      ['m', 'Running', null, null, ''],
    ]);
    expect(made[3].children[0].clickEvent.config.pageId).toBeNull();
    const text = templateText(made);
    expect(text).not.toMatch(/"(signalId|equipId|pageId)":\s*[0-9]/);
    expect(JSON.parse(text).widgets).toHaveLength(4);
    expect(signalNamesOf(made)).toEqual(['Outlet pressure', 'Setpoint', 'Motor current', 'Running']);
  });
});

describe("a drop-down's items", () => {
  const select = () =>
    page([
      {
        id: 's',
        widgetType: 'UsualSelect',
        position: { x: 10, y: 10, width: 120, height: 30 },
        data: {
          items: [
            { indexId: 1, text: 'Auto', clickEvent: { enable: true, config: { action: 'write', writeValue: '1', data: bound(9, 'Mode') } } },
            { indexId: 2, text: 'Pump page', clickEvent: { enable: true, config: { action: 'page', pageId: 44 } } },
          ],
        },
      },
    ]);

  it('keep their write binding by name and lose their page in a template, and bind again on drop', () => {
    const made = templateOf(select(), ['s'])!;
    const text = templateText(made);
    expect(text).not.toMatch(/"(signalId|equipId|pageId)":\s*[0-9]/);
    expect(signalNamesOf(made)).toEqual(['Mode']);
    const placed = placeTemplate([], made, [{ id: 90, equipId: OTHER.id, title: 'Mode' }], OTHER, { x: 0, y: 0 }, { width: 1024, height: 768 });
    if (!placed.ok) throw new Error('refused');
    const items = placed.widgets[0]!.data.extra.items as Array<{ clickEvent: { config: { data: Record<string, unknown> } } }>;
    expect(items[0]!.clickEvent.config.data).toMatchObject({ signalId: 90, equipId: OTHER.id, title: 'Mode', subTitle: 'Pump 2' });
    expect(placed.bound).toBe(1);
  });
});

describe('a template dropped on a page', () => {
  const template = () => templateOf(sample(), ['a', 'b', 'c', 'g'])!;
  const signals: NamedSignal[] = [
    { id: 70, equipId: OTHER.id, title: 'Outlet pressure' },
    { id: 90, equipId: OTHER.id, title: 'Setpoint' },
    { id: 71, equipId: PUMP.id, title: 'Motor current' },
  ];
  const canvas = { width: 1024, height: 768 };

  it("binds each name to the page's equipment's signal of that name and tells the names it lacks", () => {
    const existing = page([{ id: 'w-1', widgetType: 'ShapeRect', position: { x: 0, y: 0, width: 10, height: 10 } }]);
    const placed = placeTemplate(existing, template(), signals, OTHER, { x: 10, y: 20 }, canvas);
    if (!placed.ok) throw new Error('refused');
    const added = placed.widgets.slice(1);
    expect(bindingsOf(added)).toEqual([
      ['w-2', 'Outlet pressure', 70, OTHER.id, 'Pump 2'],
      ['w-3', 'Setpoint', 90, OTHER.id, 'Pump 2'],
      ['w-4', 'Outlet pressure', 70, OTHER.id, 'Pump 2'],
      // Pump 1's signal of that name is not the page's equipment's.
      ['w-4', 'Motor current', null, null, ''],
      ['w-6', 'Running', null, null, ''],
    ]);
    expect(placed.bound).toBe(3);
    expect(placed.missing).toEqual(['Motor current', 'Running']);
    expect(placed.insertedIds).toEqual(['w-2', 'w-3', 'w-4', 'w-5']);
    expect(added.map((w) => [w.position.x, w.position.y])).toEqual([
      [10, 20],
      [100, 60],
      [210, 120],
      [30, 80],
    ]);
    expect(placed.widgets[0]).toBe(existing[0]);
  });

  it('stays on the canvas as far as it fits, in whole units', () => {
    const placed = placeTemplate([], template(), signals, OTHER, { x: 1000.4, y: -30 }, canvas);
    if (!placed.ok) throw new Error('refused');
    const box = placed.widgets.map((w) => w.position);
    expect(Math.min(...box.map((p) => p.x))).toBe(624);
    expect(Math.min(...box.map((p) => p.y))).toBe(0);
  });

  it('adds nothing past the page counts', () => {
    const full = page(Array.from({ length: 998 }, (_, i) => ({ id: `f${i}`, widgetType: 'ShapeRect', position: { x: 0, y: 0, width: 5, height: 5 } })));
    const placed = placeTemplate(full, template(), signals, OTHER, { x: 0, y: 0 }, canvas);
    expect(placed).toEqual({ ok: false, refusal: { kind: 'tooManyWidgets', max: 1000 } });
  });
});
