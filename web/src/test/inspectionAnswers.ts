/** Inspection worksheets as the server answers them, for component tests (crates/server/src/answers/inspection.rs). */
import type { Worksheet, WorksheetDetail } from '@/generated/answers';

export function worksheet(patch: Partial<Worksheet> = {}): Worksheet {
  return {
    id: 11,
    number: 'XJ202611260001',
    planId: 3,
    planName: '早班巡检',
    inspectorId: 1,
    inspectorName: 'operator1',
    dueAt: Date.UTC(2026, 10, 26, 0, 0, 0),
    deadline: Date.UTC(2026, 10, 26, 4, 0, 0),
    status: 'not-started',
    overdue: false,
    remark: '',
    gmtSubmit: null,
    gmtCreate: Date.UTC(2026, 10, 26, 0, 0, 0),
    gmtUpdate: Date.UTC(2026, 10, 26, 0, 0, 0),
    equipment: [
      { id: 7, name: '1# Pump station' },
      { id: 8, name: 'Clear water tank' },
    ],
    ...patch,
  };
}

export function worksheetDetail(sheet: Worksheet, patch: Partial<WorksheetDetail> = {}): WorksheetDetail {
  return {
    worksheet: sheet,
    items: [
      { id: 21, name: '密封', content: '法兰无滴漏', kind: 'check', minValue: null, maxValue: null, unit: '' },
      { id: 22, name: '出口压力', content: '', kind: 'number', minValue: 2, maxValue: 4.5, unit: 'bar' },
    ],
    results: [],
    steps: [{ id: 1, userId: 9, userName: 'demo', action: 'create', fromStatus: '', toStatus: 'not-started', remark: '', gmtCreate: sheet.gmtCreate, assigneeName: null }],
    actions: sheet.status === 'not-started' ? ['save', 'submit', 'abort'] : [],
    ...patch,
  };
}
