import { describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/universal';
import { unzip } from '@/test/unzip';
import { historyFileName, historySheet } from './historyExport';
import { sheetBlob } from './sheetFile';
import { stateOf } from '@/entities/signals/states';
import type { HistoryRow } from './historySeries';

const labels = {
  time: 'Time', signal: 'Signal', value: 'Value', min: 'Min', max: 'Max', unit: 'Unit', quality: 'Quality', good: 'Good', bad: 'Bad', state: 'State',
};
const T = Date.UTC(2026, 10, 23, 3, 4, 5);

describe('history export sheet', () => {
  it('has a header and one row per reading or bucket, times in UTC+8, values rounded', () => {
    const rows: HistoryRow[] = [
      { key: 'a', time: T, signalId: 1, signalTitle: 'Inlet', unit: 'bar', decimals: 2, kind: 'raw', value: 1.23456, good: true },
      { key: 'b', time: T, signalId: 1, signalTitle: 'Inlet', unit: 'bar', decimals: 2, kind: 'raw', value: null, good: false },
      { key: 'c', time: T, signalId: 2, signalTitle: 'Flow', unit: '', decimals: 0, kind: 'bucket', min: 1.4, max: 8.6, bucketMs: 1000 },
    ];
    expect(historySheet(rows, labels)).toEqual([
      ['Time', 'Signal', 'Value', 'State', 'Min', 'Max', 'Unit', 'Quality'],
      ['2026-11-23 11:04:05', 'Inlet', 1.23, null, null, null, 'bar', 'Good'],
      ['2026-11-23 11:04:05', 'Inlet', null, null, null, null, 'bar', 'Bad'],
      ['2026-11-23 11:04:05', 'Flow', null, null, 1, 9, '', null],
    ]);
  });
  it('writes a mapped reading as its number and, beside it, its state text', () => {
    const map = [{ value: 2, zh: '故障', en: 'Fault', color: '#f5222d' }];
    const rows: HistoryRow[] = [
      { key: 'a', time: T, signalId: 5, signalTitle: 'Pump', unit: '', decimals: 0, kind: 'raw', value: 2, good: true },
      { key: 'b', time: T, signalId: 5, signalTitle: 'Pump', unit: '', decimals: 0, kind: 'raw', value: 7, good: true },
    ];
    const sheet = historySheet(rows, labels, (row) => stateOf(map, row.value)?.en ?? null);
    expect(sheet[1]).toEqual(['2026-11-23 11:04:05', 'Pump', 2, 'Fault', null, null, '', 'Good']);
    expect(sheet[2]?.[3]).toBeNull();
  });
  it('is the file the user opens: the header bold, numbers as numbers, empty cells empty', async () => {
    const rows: HistoryRow[] = [
      { key: 'a', time: T, signalId: 1, signalTitle: '出口压力 <P&ID>', unit: 'bar', decimals: 2, kind: 'raw', value: 1.23456, good: true },
      { key: 'c', time: T, signalId: 2, signalTitle: 'Flow', unit: '', decimals: 0, kind: 'bucket', min: 1.4, max: 8.6, bucketMs: 1000 },
    ];
    const bytes = new Uint8Array(await (await sheetBlob(historySheet(rows, labels))).arrayBuffer());
    expect(await readSheet(bytes.slice().buffer)).toEqual([
      ['Time', 'Signal', 'Value', 'State', 'Min', 'Max', 'Unit', 'Quality'],
      ['2026-11-23 11:04:05', '出口压力 <P&ID>', 1.23, null, null, null, 'bar', 'Good'],
      ['2026-11-23 11:04:05', 'Flow', null, null, 1, 9, null, null],
    ]);
    const xml = unzip(bytes).get('xl/worksheets/sheet1.xml')!.text;
    expect(xml.match(/<row r="1">.*?<\/row>/)![0].match(/ s="1"/g)).toHaveLength(8);
    expect(xml).not.toMatch(/<row r="2">[^]*? s="1"/);
  });

  it('names the file after the equipment and the range, safe for file systems', () => {
    expect(historyFileName('1# Pump/station', T, T + 3_600_000)).toBe('1#_Pump_station_20261123-110405_20261123-120405.xlsx');
    expect(historyFileName('', T, T)).toBe('history_20261123-110405_20261123-110405.xlsx');
  });
});
