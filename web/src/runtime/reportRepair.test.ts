import { describe, expect, it } from 'vitest';
import type { CustomReport, Report } from '@/generated/answers';
import { repairBindings } from './bindings';
import { parsePageDocument, type Widget } from './document';
import { hasCustomReportChart, reportEquipmentIn } from './reportRepair';
import { EQUIPMENT_ID, testSignals } from './testDocument';

const REPORT: Report = {
  id: 5,
  equipmentId: EQUIPMENT_ID,
  name: 'Pump daily',
  periodMs: 3_600_000,
  columns: [
    { signalId: 1, statistic: 'difference' },
    { signalId: 2, statistic: 'avg' },
  ],
  gmtCreate: 0,
};
const CUSTOM: CustomReport = {
  id: 4,
  projectId: 2,
  name: 'Site energy',
  periodMs: 86_400_000,
  columns: [
    { equipmentId: EQUIPMENT_ID, signalId: 1, statistic: 'sum' },
    { mvarId: 3, statistic: 'avg' },
  ],
  gmtCreate: 0,
};

const reportChart = (id: string, reportId: number, columns: unknown[], equipId = EQUIPMENT_ID) => ({
  id,
  widgetType: 'ComplexLine',
  data: { type: 'report', equipId, title: 'Pump daily', reportId, reportSignalArray: columns, timeFormat: 'HH:mm' },
});
const customChart = (id: string, customReportId: number, columns: unknown[]) => ({
  id,
  widgetType: 'ComplexPie',
  data: { customReportId, customArray: columns },
});

const known = { reports: new Map([[EQUIPMENT_ID, [REPORT]]]), customReports: [CUSTOM] };
const find = (widgets: readonly Widget[], id: string): Widget => {
  for (const w of widgets) {
    if (w.id === id) return w;
    const inner = w.children.length ? find(w.children, id) : undefined;
    if (inner) return inner;
  }
  throw new Error(`no widget ${id}`);
};

describe('binding repair of charts on reports', () => {
  it('removes columns no longer in the definition and says so per widget, other fields kept', () => {
    const doc = parsePageDocument({
      widgets: [
        reportChart('line', 5, [
          { equipId: EQUIPMENT_ID, signalId: 2, statistic: 'avg' },
          { equipId: EQUIPMENT_ID, signalId: 2, statistic: 'max' },
          { equipId: EQUIPMENT_ID, signalId: 1, statistic: 'difference' },
        ]),
      ],
    });
    const result = repairBindings(doc, testSignals, EQUIPMENT_ID, undefined, known);
    const line = find(result.document.widgets, 'line');
    expect(line.data.extra.reportSignalArray).toEqual([
      { equipId: EQUIPMENT_ID, signalId: 2, statistic: 'avg' },
      { equipId: EQUIPMENT_ID, signalId: 1, statistic: 'difference' },
    ]);
    expect(line.data.extra.reportId).toBe(5);
    expect(line.data.extra.timeFormat).toBe('HH:mm');
    expect({ reportsCleared: result.reportsCleared, columnsRemoved: result.columnsRemoved }).toEqual({ reportsCleared: 0, columnsRemoved: 1 });
    expect(result.widgets).toEqual([{ id: 'line', cleared: 0, refreshed: 0, reports: 1 }]);
  });

  it('clears a deleted report, a report of an equipment not the page’s, and a deleted custom report', () => {
    const doc = parsePageDocument({
      widgets: [
        reportChart('gone', 6, [{ equipId: EQUIPMENT_ID, signalId: 1, statistic: 'difference' }]),
        reportChart('foreign', 5, [{ equipId: 99, signalId: 1, statistic: 'difference' }], 99),
        { id: 'group', widgetType: 'WidgetGroup', children: [customChart('custom', 8, [{ mvarId: 3, statistic: 'avg' }])] },
      ],
    });
    const result = repairBindings(doc, testSignals, EQUIPMENT_ID, undefined, known);
    const gone = find(result.document.widgets, 'gone');
    expect('reportId' in gone.data.extra).toBe(false);
    expect(gone.data.extra.reportSignalArray).toEqual([]);
    expect(gone.data.type).toBe('report');
    expect('reportId' in find(result.document.widgets, 'foreign').data.extra).toBe(false);
    const custom = find(result.document.widgets, 'custom');
    expect('customReportId' in custom.data.extra).toBe(false);
    expect(custom.data.extra.customArray).toEqual([]);
    expect(result.reportsCleared).toBe(3);
    expect(result.widgets.map((w) => w.id)).toEqual(['gone', 'foreign', 'group']);
  });

  it('removes custom report columns by their own identity', () => {
    const doc = parsePageDocument({
      widgets: [
        customChart('custom', 4, [
          { mvarId: 3, statistic: 'avg' },
          { mvarId: 3, statistic: 'max' },
          { equipmentId: EQUIPMENT_ID, signalId: 1, statistic: 'sum' },
          { equipmentId: 8, signalId: 1, statistic: 'sum' },
        ]),
      ],
    });
    const result = repairBindings(doc, testSignals, EQUIPMENT_ID, undefined, known);
    expect(find(result.document.widgets, 'custom').data.extra.customArray).toEqual([
      { mvarId: 3, statistic: 'avg' },
      { equipmentId: EQUIPMENT_ID, signalId: 1, statistic: 'sum' },
    ]);
    expect(result.columnsRemoved).toBe(2);
  });

  it('judges nothing whose definitions are not known, and keeps a sound page as it is', () => {
    const doc = parsePageDocument({
      widgets: [
        reportChart('line', 5, [{ equipId: EQUIPMENT_ID, signalId: 2, statistic: 'avg' }]),
        customChart('custom', 9, [{ mvarId: 1, statistic: 'avg' }]),
      ],
    });
    // The equipment's list and the project's did not answer: nothing is cleared.
    const unknown = repairBindings(doc, testSignals, EQUIPMENT_ID, undefined, { reports: new Map() });
    expect(unknown.document).toBe(doc);
    expect(unknown.reportsCleared).toBe(0);
    // Everything still defined: the same document.
    const sound = parsePageDocument({ widgets: [reportChart('line', 5, [{ equipId: EQUIPMENT_ID, signalId: 2, statistic: 'avg' }])] });
    expect(repairBindings(sound, testSignals, EQUIPMENT_ID, undefined, known).document).toBe(sound);
  });

  it('names the equipment whose definitions a page needs, and whether it has custom report charts', () => {
    const doc = parsePageDocument({
      widgets: [reportChart('a', 5, [], 3), { id: 'g', widgetType: 'WidgetGroup', children: [reportChart('b', 6, [], 4), customChart('c', 1, [])] }],
    });
    expect(reportEquipmentIn(doc.widgets)).toEqual([3, 4]);
    expect(hasCustomReportChart(doc.widgets)).toBe(true);
    expect(hasCustomReportChart([find(doc.widgets, 'a')])).toBe(false);
  });
});
