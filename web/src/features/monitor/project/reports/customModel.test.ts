import { describe, expect, it } from 'vitest';
import type { CustomReport } from '@/generated/answers';
import { customColumnsOf, customDraftOf, customFormPathOf, emptyCustomDraft, mvarSource, parseSource, signalSource } from './customModel';

describe('the custom report form', () => {
  it('keeps a column source in one value: an equipment and its signal, or a variable', () => {
    expect(signalSource(7, 31)).toBe('s:7:31');
    expect(mvarSource(3)).toBe('m:3');
    expect(parseSource('s:7:31')).toEqual({ kind: 'signal', equipmentId: 7, signalId: 31 });
    expect(parseSource('m:3')).toEqual({ kind: 'mvar', mvarId: 3 });
    expect(parseSource('s:7')).toBeNull();
    expect(parseSource(null)).toBeNull();
  });

  it('reads a custom report into the form and writes it back as the server takes it', () => {
    const report: CustomReport = {
      id: 61,
      projectId: 4,
      name: '全站能耗',
      periodMs: 15 * 60_000,
      columns: [
        { equipmentId: 7, signalId: 1, statistic: 'difference', wrapsAt: 65536 },
        { mvarId: 3, statistic: 'avg' },
      ],
      gmtCreate: 0,
    };
    const draft = customDraftOf(report);
    expect(draft).toEqual({
      name: '全站能耗',
      periodMinutes: 15,
      columns: [
        { source: 's:7:1', statistic: 'difference', wrapsAt: 65536 },
        { source: 'm:3', statistic: 'avg', wrapsAt: null },
      ],
    });
    expect(customColumnsOf(draft.columns)).toEqual(report.columns);
    // A wrap value is sent only for a difference.
    expect(customColumnsOf([{ source: 'm:3', statistic: 'first', wrapsAt: 100 }])).toEqual([{ mvarId: 3, statistic: 'first' }]);
    expect(emptyCustomDraft().columns).toEqual([{ source: null, statistic: 'avg' }]);
  });

  it("puts a refused field on the control that holds it", () => {
    expect(customFormPathOf('name')).toEqual(['name']);
    expect(customFormPathOf('periodMs')).toEqual(['periodMinutes']);
    expect(customFormPathOf('columns')).toEqual(['columns']);
    expect(customFormPathOf('columns.2.mvarId')).toEqual(['columns', 2, 'source']);
    expect(customFormPathOf('columns.0.equipmentId')).toEqual(['columns', 0, 'source']);
    expect(customFormPathOf('columns.1.signalId')).toEqual(['columns', 1, 'source']);
    expect(customFormPathOf('columns.1.statistic')).toEqual(['columns', 1, 'statistic']);
    expect(customFormPathOf('columns.1.wrapsAt')).toEqual(['columns', 1, 'wrapsAt']);
    expect(customFormPathOf('columns.1')).toEqual(['columns', 1, 'source']);
    expect(customFormPathOf('id')).toBeNull();
    expect(customFormPathOf(undefined)).toBeNull();
  });
});
