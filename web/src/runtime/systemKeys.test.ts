import { describe, expect, it } from 'vitest';
import { parseBinding, parsePageDocument } from './document';
import { SYSTEM_KEYS, statisticSignal, systemKeysIn, valueKeyOf } from './systemKeys';
import { formatValue } from './format';

describe("a project page's statistics", () => {
  it('are read from the page values under system:<key>, a signal under its id, a variable under mvar:<id>', () => {
    expect(valueKeyOf(parseBinding({ type: 'system', systemKey: 'online_count', title: '在线设备数' }))).toBe('system:online_count');
    expect(valueKeyOf(parseBinding({ type: 'signal', equipId: 1, signalId: 42 }))).toBe('42');
    expect(valueKeyOf(parseBinding({ signalId: 42 }))).toBe('42');
    expect(valueKeyOf(parseBinding({ type: 'system', systemKey: 'cpu_load' }))).toBeNull();
    expect(valueKeyOf(parseBinding({ type: 'system' }))).toBeNull();
    expect(valueKeyOf(parseBinding({ type: 'mvar', mvarId: 3 }))).toBe('mvar:3');
    expect(valueKeyOf(parseBinding({ type: 'mvar', mvarId: 0 }))).toBeNull();
    expect(valueKeyOf(parseBinding({ type: 'mvar' }))).toBeNull();
    expect(valueKeyOf(parseBinding({}))).toBeNull();
  });

  it('are listed once each, group members included, in the order of the keys', () => {
    const text = (id: string, data: unknown) => ({ id, widgetType: 'UsualDataText', position: { x: 0, y: 0, width: 10, height: 10 }, data });
    const document = parsePageDocument({
      con: { width: 800, height: 600 },
      widgets: [
        text('a', { type: 'system', systemKey: 'alarm_count' }),
        { id: 'g', widgetType: 'WidgetGroup', position: { x: 0, y: 0, width: 10, height: 10 }, children: [text('b', { type: 'system', systemKey: 'equipment_count' }), text('c', { type: 'system', systemKey: 'alarm_count' })] },
        text('d', { type: 'signal', equipId: 1, signalId: 4 }),
        text('e', { type: 'system', systemKey: 'nonsense' }),
        { id: 'bar', widgetType: 'ComplexBar', position: { x: 0, y: 0, width: 10, height: 10 }, data: { systemArray: [{ type: 'system', systemKey: 'offline_count' }] } },
      ],
    });
    expect(systemKeysIn(document)).toEqual(['equipment_count', 'offline_count', 'alarm_count']);
    expect(SYSTEM_KEYS).toHaveLength(5);
  });

  it('are whole numbers without a unit, titled by the binding', () => {
    const signal = statisticSignal(parseBinding({ type: 'system', systemKey: 'online_count', title: '在线设备数' }));
    expect(signal.title).toBe('在线设备数');
    expect(formatValue({ value: 3, time: 0, good: true, stale: false }, signal)).toBe('3');
  });
});
