import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { ReportColumn, Statistic } from '@/generated/answers';
import { cellNumber, columnTitle, columnUnit, formatCell, periodParts, periodText, rowState, type ReportLabels } from './format';
import { STATISTICS, chartKind, columnDecimals, isStatistic, takesWrap } from './statistics';

const en = i18n.getFixedT('en');
const zh = i18n.getFixedT('zh-CN');
const labelsOf = (t: typeof en): ReportLabels => ({
  statistic: (s: Statistic) => t(`reports.statistic.${s}`),
  hours: t('reports.unit.hours'),
  nextDay: (time) => t('reports.nextDay', { time }),
});
const EN = labelsOf(en);
const ZH = labelsOf(zh);

const column = (patch: Partial<ReportColumn>): ReportColumn => ({
  signalId: 7,
  signalTitle: 'Energy total',
  unit: 'kWh',
  decimals: 1,
  statistic: 'difference',
  ...patch,
});

/** 2026-11-28 00:00 in China (UTC+8). */
const DAY = Date.UTC(2026, 10, 27, 16, 0, 0);
const HOUR = 3_600_000;

describe('statistics', () => {
  it('has a label and a hint in both languages for every statistic the server knows', () => {
    for (const s of STATISTICS) {
      for (const t of [en, zh]) {
        expect(t(`reports.statistic.${s}`)).not.toBe(`reports.statistic.${s}`);
        expect(t(`reports.statisticHint.${s}`)).not.toBe(`reports.statisticHint.${s}`);
      }
    }
    expect(STATISTICS.map((s) => EN.statistic(s))).toEqual(['Average', 'Maximum', 'Minimum', 'First', 'Last', 'Difference', 'Sum', 'Readings', 'Running hours']);
    expect(ZH.statistic('onHours')).toBe('运行时长');
    expect(ZH.statistic('difference')).toBe('差值');
  });

  it('draws amounts of a period as bars and levels as a line; only a difference wraps', () => {
    expect(STATISTICS.filter((s) => chartKind(s) === 'bar')).toEqual(['difference', 'sum', 'count', 'onHours']);
    expect(STATISTICS.filter(takesWrap)).toEqual(['difference']);
    expect(isStatistic('avg')).toBe(true);
    expect(isStatistic('median')).toBe(false);
  });

  it("shows a count whole, running hours to the hundredth, every other statistic with the signal's decimals", () => {
    expect(columnDecimals({ statistic: 'count', decimals: 3 })).toBe(0);
    expect(columnDecimals({ statistic: 'onHours', decimals: 0 })).toBe(2);
    expect(columnDecimals({ statistic: 'avg', decimals: 3 })).toBe(3);
  });
});

describe('columns and cells', () => {
  it('titles a column by signal, statistic and unit', () => {
    expect(columnTitle(column({}), EN)).toBe('Energy total · Difference (kWh)');
    expect(columnTitle(column({ signalTitle: 'Pump running', unit: '', statistic: 'onHours' }), EN)).toBe('Pump running · Running hours (h)');
    expect(columnTitle(column({ signalTitle: 'Pump running', unit: '', statistic: 'onHours' }), ZH)).toBe('Pump running · 运行时长 (小时)');
    expect(columnTitle(column({ signalTitle: 'Flow', unit: 'm³/h', statistic: 'count' }), ZH)).toBe('Flow · 读数个数');
    expect(columnUnit(column({ unit: ' bar ', statistic: 'max' }), EN)).toBe('bar');
  });

  it('formats a cell with the column digits, an empty period as "—", never 0', () => {
    expect(formatCell(1234.56, column({ decimals: 1 }))).toBe('1234.6');
    expect(formatCell(0, column({ decimals: 2 }))).toBe('0.00');
    expect(formatCell(null, column({}))).toBe('—');
    expect(formatCell(undefined, column({}))).toBe('—');
    expect(formatCell(Number.NaN, column({}))).toBe('—');
    expect(formatCell(-0.04, column({ decimals: 1 }))).toBe('0.0');
    expect(formatCell(17.4, column({ statistic: 'count', decimals: 2 }))).toBe('17');
    expect(formatCell(0.6, column({ statistic: 'onHours', decimals: 0 }))).toBe('0.60');
  });

  it('keeps a sheet cell a number rounded to the column digits, null when empty', () => {
    expect(cellNumber(1234.56, column({ decimals: 1 }))).toBe(1234.6);
    expect(cellNumber(null, column({}))).toBeNull();
    expect(cellNumber(-0.001, column({ decimals: 2 }))).toBe(0);
    expect(Object.is(cellNumber(-0.001, column({ decimals: 2 })), -0)).toBe(false);
  });
});

describe('periods', () => {
  it('names an hour of a day, the last ending at 24:00', () => {
    expect(periodText({ start: DAY + 8 * HOUR, end: DAY + 9 * HOUR }, 'day', EN)).toBe('08:00–09:00');
    expect(periodText({ start: DAY + 23 * HOUR, end: DAY + 24 * HOUR }, 'day', EN)).toBe('23:00–24:00');
  });

  it('names a day of a month by its date', () => {
    expect(periodText({ start: DAY, end: DAY + 24 * HOUR }, 'month', EN)).toBe('2026-11-28');
  });

  it('names a shift by its name and times, one past midnight ending the next day', () => {
    const night = { start: DAY + 22 * HOUR, end: DAY + 30 * HOUR, shift: '夜班' };
    expect(periodParts(night, 'shift', ZH)).toEqual({ name: '夜班', time: '22:00–次日 06:00' });
    expect(periodText(night, 'shift', EN)).toBe('夜班 22:00–06:00 next day');
    expect(periodText({ start: DAY + 16 * HOUR, end: DAY + 24 * HOUR, shift: 'Evening' }, 'shift', EN)).toBe('Evening 16:00–24:00');
  });

  it('names a range step by its date and times, or both ends when it spans days', () => {
    expect(periodText({ start: DAY + 90 * 60_000, end: DAY + 105 * 60_000 }, 'range', EN)).toBe('2026-11-28 01:30–01:45');
    expect(periodText({ start: DAY + 23 * HOUR, end: DAY + 24 * HOUR }, 'range', EN)).toBe('2026-11-28 23:00–24:00');
    expect(periodText({ start: DAY + 12 * HOUR, end: DAY + 36 * HOUR }, 'range', EN)).toBe('2026-11-28 12:00 – 2026-11-29 12:00');
  });

  it('tells a running period from one not begun', () => {
    const row = { start: DAY, end: DAY + HOUR, running: true };
    expect(rowState(row, DAY + 10)).toBe('running');
    expect(rowState(row, DAY - 10)).toBe('future');
    expect(rowState({ ...row, running: false }, DAY + 2 * HOUR)).toBe('done');
  });
});
