/**
 * What printing a report puts on paper: its title (report, equipment, view and span) and its table, nothing else of
 * the console. A plain HTML copy of the table under <body>, hidden on screen and shown alone by `@media print`
 * (report.css), so the browser's own print (the button, or Ctrl+P while a report is shown) prints the report, and
 * a long table breaks across pages with its header repeated.
 */
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { columnTitle, formatCell, periodText, rowState } from '../format';
import { useReportLabels } from '../labels';
import type { ShownTable } from '../table';
import type { ViewKind } from '../view';
import './report.css';

export interface ReportHeading {
  reportName: string;
  equipName: string;
  viewName: string;
  span: string;
  /** What `equipName` names, for the sheet's heading ("Project"); "Equipment" when absent. */
  ownerLabel?: string;
  /** A generated report's "generated at …" line. */
  note?: string;
}

export function ReportPrint({ heading, data, kind, now }: { heading: ReportHeading; data: ShownTable; kind: ViewKind; now: number }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  return createPortal(
    <div className="report-print" data-testid="report-print">
      <h1>{heading.reportName}</h1>
      <p className="report-print-meta">
        {[heading.equipName, `${heading.viewName} ${heading.span}`].filter(Boolean).join(' · ')}
      </p>
      {heading.note && <p className="report-print-meta">{heading.note}</p>}
      <table>
        <thead>
          <tr>
            <th>{t('reports.column.period')}</th>
            {data.cols.map((column, i) => (
              <th key={i}>{columnTitle(column, labels)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.start}>
              <td>
                {periodText(row, kind, labels)}
                {rowState(row, now) === 'running' ? ` (${t('reports.running')})` : ''}
              </td>
              {data.cols.map((column, i) => (
                <td key={i} className="report-print-number">
                  {formatCell(row.values[i] ?? null, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
