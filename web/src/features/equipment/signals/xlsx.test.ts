import { describe, expect, it } from 'vitest';
import type { SignalDef } from '@/generated/answers';
import { SIGNAL_FIELDS, fromServer } from './model';
import { exportSignals, headerRow, importSignals, keepIds, parseSignalRows, signalRows } from './xlsx';

const SIGNALS: SignalDef[] = [
  fromServer({ id: 11, name: '出口压力', area: 'holding_register', address: 0, dataType: 'float32', scale: 0.1, offset: -2.5, unit: 'MPa', decimals: 2, min: 0, max: 10, writable: true, byteOrder: 'little', wordOrder: 'big' }),
  fromServer({ id: 12, name: 'Pump running', area: 'coil', address: 3, dataType: 'bool' }),
  fromServer({
    id: 15,
    name: '泵状态',
    area: 'holding_register',
    address: 20,
    dataType: 'uint16',
    valueMap: [
      { value: 0, zh: '停止', en: 'Stopped', color: '#8c8c8c' },
      { value: 1, zh: '运行', en: '', color: '' },
      { value: 2, zh: '故障', en: 'Fault', color: '#f5222d' },
    ],
  }),
  fromServer({ id: 16, name: 'Mode', area: 'holding_register', address: 21, dataType: 'int16', valueMap: [{ value: -1, zh: '手动;本地', en: 'Manual|local', color: '' }] }),
  fromServer({ id: 13, name: 'Flow', area: 'input_register', address: 10, dataType: 'uint32', wordOrder: 'little', decimals: 1, unit: 'm³/h' }),
  fromServer({ id: 14, name: 'Energy', area: 'input_register', address: 12, dataType: 'float64', min: -1e6 }),
];

/** What a definition is apart from its server id (an import makes new signals). */
const withoutIds = (list: SignalDef[]) => list.map((s) => ({ ...s, id: 0 }));

describe('signal spreadsheet', () => {
  it('round-trips: an exported .xlsx imports back as the same definitions, in either language', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      const blob = await exportSignals(SIGNALS, language);
      const result = await importSignals(blob);
      expect(result).toEqual({ ok: true, signals: withoutIds(SIGNALS) });
    }
  });

  it('writes a header row of column names, then one row per signal', () => {
    expect(headerRow('en')).toEqual([
      'Name', 'Area', 'Address', 'Data type', 'Byte order', 'Word order', 'Scale', 'Offset', 'Unit', 'Decimals', 'Writable', 'Minimum', 'Maximum', 'State texts',
    ]);
    expect(headerRow('zh-CN')[0]).toBe('名称');
    expect(signalRows(SIGNALS)[1]).toEqual(['Pump running', 'coil', 3, 'bool', 'big', 'big', 1, 0, '', 0, false, null, null, null]);
    expect(signalRows(SIGNALS)[2]?.[13]).toBe('0=停止|Stopped|#8c8c8c; 1=运行; 2=故障|Fault|#f5222d');
    expect(signalRows(SIGNALS)[3]?.[13]).toBe('[{"value":-1,"zh":"手动;本地","en":"Manual|local","color":""}]');
  });

  it('reads headers in either language or as wire names, labels of enumerations, and fills defaults', () => {
    const result = parseSignalRows([
      ['名称', 'Area', 'dataType', '地址', '可写'],
      ['P1', '保持寄存器', '32 位浮点', 4, '是'],
      [null, null, null, null, null],
      ['P2', 'Input register', 'int16', '7', 'no'],
    ]);
    expect(result).toEqual({
      ok: true,
      signals: [
        fromServer({ name: 'P1', area: 'holding_register', address: 4, dataType: 'float32', writable: true }),
        fromServer({ name: 'P2', area: 'input_register', address: 7, dataType: 'int16' }),
      ],
    });
  });

  it('refuses state texts that are no list of states or break the state rules, naming the row', () => {
    const header = headerRow('en');
    const row = (name: string, address: number, states: string) => [name, 'holding_register', address, 'uint16', 'big', 'big', 1, 0, '', 0, false, null, null, states];
    const result = parseSignalRows([header, row('A', 0, '0 stopped'), row('B', 1, '1=运行; 1=启动'), row('C', 2, '0=停止|Stopped')]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { row: 2, field: 'valueMap', reason: 'notStates', params: { value: '0 stopped' } },
      { row: 3, field: 'valueMap', reason: 'stateDuplicate', params: { state: 2 } },
    ]);
  });

  it('imports nothing when a row is invalid, and names every refused row and column', () => {
    const header = headerRow('en');
    const good = ['Good', 'holding_register', 0, 'int16', 'big', 'big', 1, 0, '', 0, false, null, null];
    const result = parseSignalRows([
      header,
      good,
      ['', 'holding_register', 1, 'int16', 'big', 'big', 1, 0, '', 0, false, null, null],
      ['Coil float', 'coil', 2, 'float32', 'big', 'big', 1, 0, '', 0, false, null, null],
      ['Bad address', 'holding_register', 'x1', 'int16', 'big', 'big', 1, 0, '', 0, false, null, null],
      ['Weird area', 'register', 5, 'int16', 'big', 'big', 0, 0, '', 0, false, null, null],
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map(({ row, field, reason }) => [row, field, reason])).toEqual([
      [3, 'name', 'required'],
      [4, 'dataType', 'typeNotInArea'],
      [5, 'address', 'notNumber'],
      [6, 'area', 'unknownValue'],
    ]);
  });

  it('refuses overlapping addresses, naming both sheet rows', () => {
    const result = parseSignalRows([
      ['name', 'area', 'address', 'dataType'],
      ['A', 'holding_register', 0, 'float32'],
      [],
      ['B', 'holding_register', 1, 'int16'],
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [{ row: 4, field: 'address', reason: 'overlap', params: { row: 2, name: 'A' } }],
    });
  });

  it('refuses a file without the needed columns, an empty one, and a file that is no spreadsheet', async () => {
    const missing = parseSignalRows([['Name', 'Unit'], ['A', 'V']]);
    expect(missing.ok === false && missing.errors.map((e) => e.field)).toEqual(['area', 'address', 'dataType']);
    expect(parseSignalRows([headerRow('en')])).toEqual({ ok: false, errors: [{ row: 2, field: null, reason: 'empty' }] });
    const notXlsx = await importSignals(new Blob(['name,area\nA,coil'], { type: 'text/csv' }));
    expect(notXlsx).toEqual({ ok: false, errors: [{ row: 0, field: null, reason: 'notXlsx' }] });
  });

  it('keeps the ids of signals the import names again, so their history and alarm rules stay', () => {
    const imported = withoutIds([SIGNALS[1] as SignalDef, { ...(SIGNALS[0] as SignalDef), name: 'New one' }]);
    expect(keepIds(SIGNALS, imported).map((s) => s.id)).toEqual([12, 0]);
  });

  it('exports every editable field: every field of a signal but its id', () => {
    const fields = Object.keys(fromServer({ name: 'x', area: 'coil', address: 0, dataType: 'bool' })).filter((key) => key !== 'id');
    expect([...SIGNAL_FIELDS].sort()).toEqual(fields.sort());
  });
});
