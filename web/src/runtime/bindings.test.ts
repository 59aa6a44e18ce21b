import { describe, expect, it } from 'vitest';
import { boundEquipment, repairBindings } from './bindings';
import { parsePageDocument, type PageDocument, type Widget } from './document';
import { EQUIPMENT_ID, testDocumentRaw, testSignals } from './testDocument';
import type { RuntimeSignal } from './types';

const bound = (id: string, signalId: number, title: string, equipId = EQUIPMENT_ID) => ({
  id,
  widgetType: 'UsualDataText',
  data: { type: 'signal', equipId, signalId, title, subTitle: 'sub' },
});

function find(doc: PageDocument, id: string): Widget {
  const walk = (widgets: Widget[]): Widget | undefined => {
    for (const w of widgets) {
      if (w.id === id) return w;
      const inner = walk(w.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const w = walk(doc.widgets);
  if (!w) throw new Error(`no widget ${id}`);
  return w;
}

/** A deep copy made with JSON, to compare the input before and after. */
const snapshot = (doc: PageDocument) => JSON.stringify(doc);

describe('binding repair (spec section 4)', () => {
  it('clears a binding whose signal is no longer in the catalogue', () => {
    const doc = parsePageDocument({ widgets: [bound('gone', 99, 'Removed')] });
    const { document, cleared, refreshed } = repairBindings(doc, testSignals, EQUIPMENT_ID);
    expect(cleared).toBe(1);
    expect(refreshed).toBe(0);
    expect(find(document, 'gone').data).toMatchObject({ type: 'signal', signalId: null, equipId: null, title: '', subTitle: '' });
  });

  it('clears a binding to another equipment, named in the binding or in the catalogue', () => {
    const foreign = new Map<number, RuntimeSignal>([
      ...testSignals,
      [50, { id: 50, equipId: 8, title: 'Other', dataType: 'uint16', unit: '', decimals: 0, writable: false, min: null, max: null, valueMap: [] }],
    ]);
    const doc = parsePageDocument({ widgets: [bound('a', 1, 'Tank level', 8), bound('b', 50, 'Other', EQUIPMENT_ID)] });
    const { document, cleared } = repairBindings(doc, foreign, EQUIPMENT_ID);
    expect(cleared).toBe(2);
    expect(find(document, 'a').data.signalId).toBeNull();
    expect(find(document, 'b').data.signalId).toBeNull();
  });

  it('refreshes a title that differs from the catalogue', () => {
    const doc = parsePageDocument({ widgets: [bound('t', 1, 'Old title'), bound('same', 2, 'Outlet pressure')] });
    const { document, cleared, refreshed } = repairBindings(doc, testSignals, EQUIPMENT_ID);
    expect({ cleared, refreshed }).toEqual({ cleared: 0, refreshed: 1 });
    expect(find(document, 't').data).toMatchObject({ signalId: 1, title: 'Tank level' });
    expect(find(document, 'same')).toBe(doc.widgets[1]); // untouched widgets keep their identity
  });

  it('repairs bindings nested in groups, click-event writes and chart signal lists', () => {
    const doc = parsePageDocument({
      widgets: [
        {
          id: 'g1',
          widgetType: 'WidgetGroup',
          children: [{ id: 'g2', widgetType: 'WidgetGroup', children: [bound('deep', 99, 'x'), bound('deep-title', 3, 'Old')] }],
        },
        {
          id: 'btn',
          widgetType: 'UsualButton',
          clickEvent: { enable: true, config: { data: { type: 'signal', equipId: EQUIPMENT_ID, signalId: 98, title: 'Gone' } } },
        },
        {
          id: 'chart',
          widgetType: 'ComplexLine',
          data: { signalArray: [{ type: 'signal', equipId: 7, signalId: 4, title: 'Speed setpoint' }, { type: 'signal', equipId: 7, signalId: 97, title: 'Gone' }] },
        },
      ],
    });
    const { document, cleared, refreshed, widgets } = repairBindings(doc, testSignals, EQUIPMENT_ID);
    expect({ cleared, refreshed }).toEqual({ cleared: 3, refreshed: 1 });
    // Named by the top-level widget the engineer can select, a group for its children's.
    expect(widgets).toEqual([
      { id: 'g1', cleared: 1, refreshed: 1 },
      { id: 'btn', cleared: 1, refreshed: 0 },
      { id: 'chart', cleared: 1, refreshed: 0 },
    ]);
    expect(find(document, 'deep').data.signalId).toBeNull();
    expect(find(document, 'deep-title').data.title).toBe('Pump start');
    expect(find(document, 'btn').clickEvent.config.data.signalId).toBeNull();
    expect(find(document, 'chart').data.signalArray?.map((b) => b.signalId)).toEqual([4, null]);
  });

  it('does not change its input', () => {
    const doc = parsePageDocument(testDocumentRaw);
    const before = snapshot(doc);
    const { document, cleared, refreshed } = repairBindings(doc, testSignals, EQUIPMENT_ID);
    expect(snapshot(doc)).toBe(before);
    expect(document).not.toBe(doc);
    // The sample has one removed signal and one stale title.
    expect({ cleared, refreshed }).toEqual({ cleared: 1, refreshed: 1 });
    expect(find(doc, 'lost-signal').data.signalId).toBe(99);
    expect(find(doc, 'tank-level').data.title).toBe('Old level title');
  });

  it('answers the same document when nothing needs repair', () => {
    const doc = parsePageDocument({ widgets: [bound('ok', 1, 'Tank level'), { id: 'text', widgetType: 'UsualText', data: { type: 'system', systemKey: 'x' } }] });
    const result = repairBindings(doc, testSignals, EQUIPMENT_ID);
    expect(result).toEqual({ document: doc, cleared: 0, refreshed: 0, reportsCleared: 0, columnsRemoved: 0, widgets: [] });
    expect(result.document).toBe(doc);
  });
});

describe("binding repair on a project's page: one of the project's equipment", () => {
  const signal = (id: number, equipId: number, title: string): RuntimeSignal => ({
  valueMap: [],
    id,
    equipId,
    title,
    dataType: 'float32',
    unit: '',
    decimals: 1,
    writable: false,
    min: null,
    max: null,
  });
  // The union of the project's catalogues (equipment 7 and 8), and equipment 9's signal, no longer in the project.
  const union = new Map<number, RuntimeSignal>([
    [1, signal(1, 7, 'Tank level')],
    [50, signal(50, 8, 'Outlet pressure')],
  ]);
  const withLeaver = new Map<number, RuntimeSignal>([...union, [60, signal(60, 9, 'Flow')]]);
  const project = new Set([7, 8]);

  it("keeps bindings to any of the project's equipment, refreshing a title under the signal's own equipment", () => {
    const doc = parsePageDocument({ widgets: [bound('first', 1, 'Tank level', 7), bound('second', 50, 'Old name', 8)] });
    const { document, cleared, refreshed } = repairBindings(doc, union, project);
    expect({ cleared, refreshed }).toEqual({ cleared: 0, refreshed: 1 });
    expect(find(document, 'first')).toBe(doc.widgets[0]);
    expect(find(document, 'second').data).toMatchObject({ signalId: 50, equipId: 8, title: 'Outlet pressure' });
  });

  it('clears a binding to an equipment that left the project, even when its signal still exists', () => {
    const doc = parsePageDocument({ widgets: [bound('left', 60, 'Flow', 9), bound('gone', 61, 'Flow', 9)] });
    const { document, cleared, widgets } = repairBindings(doc, withLeaver, project);
    expect(cleared).toBe(2);
    expect(widgets.map((w) => w.id)).toEqual(['left', 'gone']);
    expect(find(document, 'left').data).toMatchObject({ signalId: null, equipId: null, title: '' });
  });

  it("clears a binding whose named equipment is not its signal's, though both are the project's", () => {
    const doc = parsePageDocument({ widgets: [bound('mixed', 50, 'Outlet pressure', 7)] });
    const { document, cleared } = repairBindings(doc, union, project);
    expect(cleared).toBe(1);
    expect(find(document, 'mixed').data.signalId).toBeNull();
  });

  it('an equipment page is the project rule with one equipment', () => {
    const doc = parsePageDocument({ widgets: [bound('first', 1, 'Tank level', 7), bound('second', 50, 'Outlet pressure', 8)] });
    expect(repairBindings(doc, union, 7)).toEqual(repairBindings(doc, union, new Set([7])));
    expect(repairBindings(doc, union, 7).cleared).toBe(1);
  });
});

describe("the equipment a project page's viewer monitors: those its bindings name", () => {
  const signal = (id: number, equipId: number): RuntimeSignal => ({
  valueMap: [],
    id, equipId, title: `S${id}`, dataType: 'float32', unit: '', decimals: 1, writable: true, min: null, max: null,
  });
  const catalogue = new Map<number, RuntimeSignal>([[1, signal(1, 7)], [2, signal(2, 7)], [50, signal(50, 8)], [60, signal(60, 9)]]);

  it('names each equipment once, from widgets, group members, chart lists and click events, by the catalogue', () => {
    const doc = parsePageDocument({
      widgets: [
        bound('a', 2, 'S2', 7),
        { id: 'group', widgetType: 'WidgetGroup', children: [bound('b', 1, 'S1', 7)] },
        { id: 'chart', widgetType: 'ComplexLine', data: { signalArray: [{ type: 'signal', equipId: 8, signalId: 50, title: 'S50' }] } },
        // Stored without its equipment: the catalogue says whose it is.
        { id: 'button', widgetType: 'UsualButton', clickEvent: { enable: true, config: { action: 'write', data: { type: 'signal', signalId: 60 } } } },
        // A cleared binding and a signal the catalogue does not hold name nothing.
        { id: 'cleared', widgetType: 'UsualDataText', data: { type: 'signal', equipId: null, signalId: null } },
        bound('unknown', 99, 'S99', 10),
      ],
    });
    expect(boundEquipment(doc, catalogue)).toEqual([7, 8, 9]);
  });

  it('is empty for a page without bindings', () => {
    expect(boundEquipment(parsePageDocument({ widgets: [{ id: 't', widgetType: 'UsualText', data: { text: 'x' } }] }), catalogue)).toEqual([]);
  });
});

describe("binding repair of a project page's intermediate variables", () => {
  const variable = (id: string, mvarId: number, title: string) => ({
    id,
    widgetType: 'UsualDataText',
    position: { x: 0, y: 0, width: 80, height: 30 },
    data: { type: 'mvar', mvarId, title, equipId: null, signalId: null },
  });
  const chart = {
    id: 'chart',
    widgetType: 'ComplexBar',
    position: { x: 0, y: 40, width: 200, height: 100 },
    data: { mvarArray: [{ type: 'mvar', mvarId: 3, title: '合计' }, { type: 'mvar', mvarId: 8, title: '旧变量' }] },
  };
  const doc = () => parsePageDocument({ con: { width: 400, height: 300 }, widgets: [variable('kept', 3, '合计'), variable('renamed', 4, '压差'), variable('gone', 9, '已删除'), chart] });
  const known = new Map([
    [3, '合计'],
    [4, '出口压差'],
  ]);

  it('clears one the project no longer has and refreshes a changed name, in charts too', () => {
    const before = doc();
    const result = repairBindings(before, new Map(), new Set([1]), known);
    expect([result.cleared, result.refreshed]).toEqual([2, 1]);
    expect(result.widgets.map((w) => w.id)).toEqual(['renamed', 'gone', 'chart']);
    expect(find(result.document, 'kept')).toBe(find(before, 'kept'));
    expect(find(result.document, 'renamed').data).toMatchObject({ type: 'mvar', mvarId: 4, title: '出口压差' });
    expect(find(result.document, 'gone').data).toMatchObject({ type: 'mvar', mvarId: null, title: '' });
    expect(find(result.document, 'chart').data.mvarArray?.map((b) => [b.mvarId, b.title])).toEqual([
      [3, '合计'],
      [null, ''],
    ]);
  });

  it('changes nothing while the project’s list is not known (it failed to load)', () => {
    const before = doc();
    const result = repairBindings(before, new Map(), new Set([1]));
    expect(result.document).toBe(before);
    expect([result.cleared, result.refreshed]).toEqual([0, 0]);
  });
});
