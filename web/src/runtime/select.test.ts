/** The drop-down select's reader: items and selectDatas read tolerantly, the current item, the item's click. */
import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from './document';
import { MAX_SELECT_ITEMS, currentItem, itemClickWidget, selectItemsOf, selectedIdsOf } from './select';
import { reading } from './testDocument';

function widget(data: Record<string, unknown>): Widget {
  return parsePageDocument({ widgets: [{ id: 's', widgetType: 'UsualSelect', position: { x: 0, y: 0, width: 120, height: 32 }, data }] })
    .widgets[0] as Widget;
}

const write = (value: unknown) => ({ enable: true, config: { action: 'write', writeType: 'fixed', writeValue: value } });
const MODES = [
  { indexId: 1, text: 'Auto', clickEvent: write(2) },
  { indexId: '2', text: 'Manual', clickEvent: write(1) },
  { indexId: 3, text: 'Off', clickEvent: write(0), pressDisabled: true },
];

describe('selectItemsOf', () => {
  it('reads the items with their click events, indexIds as text', () => {
    const items = selectItemsOf(widget({ items: MODES }).data);
    expect(items.map((i) => [i.indexId, i.text, i.pressDisabled])).toEqual([
      ['1', 'Auto', false],
      ['2', 'Manual', false],
      ['3', 'Off', true],
    ]);
    expect(items[0]?.clickEvent).toMatchObject({ enable: true, config: { action: 'write', writeType: 'fixed', writeValue: 2 } });
  });

  it('has no items without a list, and skips what is not an item', () => {
    expect(selectItemsOf(widget({}).data)).toEqual([]);
    expect(selectItemsOf(widget({ items: 'x' }).data)).toEqual([]);
    const items = selectItemsOf(widget({ items: [null, 3, 'a', { text: 7, indexId: { x: 1 }, clickEvent: 'no' }] }).data);
    expect(items).toHaveLength(1);
    // A number as text, no id, and the click event's defaults (on: an item is there to act).
    expect(items[0]).toMatchObject({ text: '7', indexId: '', pressDisabled: false, clickEvent: { enable: true, config: { action: 'write', writeValue: null } } });
  });

  it('keeps an item switched off when the document says so, and reads at most the server limit', () => {
    const off = selectItemsOf(widget({ items: [{ text: 'a', clickEvent: { enable: false } }] }).data);
    expect(off[0]?.clickEvent.enable).toBe(false);
    const many = Array.from({ length: MAX_SELECT_ITEMS + 5 }, (_, i) => ({ text: String(i) }));
    expect(selectItemsOf(widget({ items: many }).data)).toHaveLength(MAX_SELECT_ITEMS);
  });

  it('reads selectDatas as the selected indexIds', () => {
    expect(selectedIdsOf(widget({ selectDatas: [2, '3', null, { a: 1 }] }).data)).toEqual(['2', '3']);
    expect(selectedIdsOf(widget({ selectDatas: 'x' }).data)).toEqual([]);
  });
});

describe('currentItem', () => {
  const items = selectItemsOf(widget({ items: MODES }).data);
  const unbound = { bound: false, value: undefined, lastChoice: null, selected: [] };

  it('bound: the item whose write value is the live value, none when no item writes it or there is no value', () => {
    expect(currentItem(items, { ...unbound, bound: true, value: reading(1) })).toBe(1);
    expect(currentItem(items, { ...unbound, bound: true, value: reading(0) })).toBe(2);
    expect(currentItem(items, { ...unbound, bound: true, value: reading(7) })).toBe(-1);
    expect(currentItem(items, { ...unbound, bound: true, value: reading(null) })).toBe(-1);
    expect(currentItem(items, { ...unbound, bound: true, value: undefined, lastChoice: 0 })).toBe(-1);
  });

  it('unbound: the last choice, else the first selectDatas id that names an item', () => {
    expect(currentItem(items, unbound)).toBe(-1);
    expect(currentItem(items, { ...unbound, selected: ['9', '2'] })).toBe(1);
    expect(currentItem(items, { ...unbound, selected: ['2'], lastChoice: 0 })).toBe(0);
    expect(currentItem(items, { ...unbound, lastChoice: 7 })).toBe(-1);
  });
});

describe('itemClickWidget', () => {
  it("runs the item's click event, writing the widget's bound signal when the item names none", () => {
    const w = widget({ type: 'signal', equipId: 7, signalId: 4, title: 'Speed setpoint', items: MODES });
    const [auto] = selectItemsOf(w.data);
    const clicked = itemClickWidget(w, auto!);
    expect(clicked.clickEvent.enable).toBe(true);
    expect(clicked.clickEvent.config).toMatchObject({ action: 'write', writeValue: 2, data: { type: 'signal', signalId: 4, equipId: 7 } });
  });

  it("keeps an item's own signal", () => {
    const own = { ...MODES[0], clickEvent: { enable: true, config: { action: 'write', writeValue: 5, data: { type: 'signal', signalId: 3 } } } };
    const w = widget({ type: 'signal', signalId: 4, items: [own] });
    expect(itemClickWidget(w, selectItemsOf(w.data)[0]!).clickEvent.config.data.signalId).toBe(3);
  });
});
