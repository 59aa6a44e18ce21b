import { describe, expect, it } from 'vitest';
import type { Report } from '@/generated/answers';
import { columnsOf, draftOf, emptyDraft, formPathOf } from './model';

const REPORT: Report = {
  id: 4,
  equipmentId: 1,
  name: 'Daily energy',
  periodMs: 15 * 60_000,
  columns: [
    { signalId: 7, statistic: 'difference', wrapsAt: 65536 },
    { signalId: 3, statistic: 'avg' },
  ],
  gmtCreate: 0,
};

describe('the report editor form', () => {
  it('starts a new report with an hour step and one column to fill', () => {
    expect(emptyDraft()).toEqual({ name: '', periodMinutes: 60, columns: [{ signalId: null, statistic: 'avg' }] });
  });

  it('opens a report with its step in minutes and its columns', () => {
    expect(draftOf(REPORT)).toEqual({
      name: 'Daily energy',
      periodMinutes: 15,
      columns: [
        { signalId: 7, statistic: 'difference', wrapsAt: 65536 },
        { signalId: 3, statistic: 'avg', wrapsAt: null },
      ],
    });
  });

  it('sends a wrap value only with a difference, and only when given', () => {
    expect(
      columnsOf([
        { signalId: 7, statistic: 'difference', wrapsAt: 65536 },
        { signalId: 8, statistic: 'difference', wrapsAt: null },
        { signalId: 3, statistic: 'avg', wrapsAt: 100 },
        { signalId: 10, statistic: 'onHours' },
      ]),
    ).toEqual([
      { signalId: 7, statistic: 'difference', wrapsAt: 65536 },
      { signalId: 8, statistic: 'difference' },
      { signalId: 3, statistic: 'avg' },
      { signalId: 10, statistic: 'onHours' },
    ]);
  });

  it("marks the field the server refused: a column's signal, statistic or wrap value by its place", () => {
    expect(formPathOf('name')).toEqual(['name']);
    expect(formPathOf('periodMs')).toEqual(['periodMinutes']);
    expect(formPathOf('columns')).toEqual(['columns']);
    expect(formPathOf('columns.3.signalId')).toEqual(['columns', 3, 'signalId']);
    expect(formPathOf('columns.0.statistic')).toEqual(['columns', 0, 'statistic']);
    expect(formPathOf('columns.2.wrapsAt')).toEqual(['columns', 2, 'wrapsAt']);
    expect(formPathOf('columns.2')).toEqual(['columns', 2, 'signalId']);
    expect(formPathOf('id')).toBeNull();
    expect(formPathOf(undefined)).toBeNull();
  });
});
