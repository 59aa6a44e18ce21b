/**
 * Saving a report as .xlsx (../sheet.ts). A day, a month or a day's shifts is saved from the table on the screen, so
 * the file holds the numbers the operator sees (a running period's values move between two reads). A range may hold
 * thousands of periods across pages (a month of minutes): it is read page by page, each page's rows written into the
 * file as it comes and then let go (lib/xlsx), with a dialog showing how far it got and a Cancel that stops the
 * reading and drops the file (a picked file's partial copy is removed; no download happens).
 *
 * The file is opened on the click itself, before any reading: the browser's save dialog (lib/xlsx/save.ts), where
 * there is one, needs the user's gesture. Closing that dialog exports nothing.
 */
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSheetLabels } from '../labels';
import { ReportSheet, reportFileName } from '../sheet';
import { readAllPages, type ReportKind, type ShownTable } from '../table';
import { viewStamp, type ReportView } from '../view';
import type { ReportHeading } from './ReportPrint';
import { ExportProgress } from './ExportProgress';
import { useSheetExport } from './useSheetExport';

export interface ReportExportProps {
  /** An equipment's report unless said. */
  kind?: ReportKind;
  reportId: number;
  view: ReportView;
  heading: ReportHeading;
  /** The table on the screen (a range view's current page). */
  data: ShownTable;
}

export function ReportExport({ kind = 'report', reportId, view, heading, data }: ReportExportProps) {
  const { t } = useTranslation();
  const sheetLabels = useSheetLabels();
  const sheetExport = useSheetExport();
  const fileName = reportFileName(heading.reportName, heading.equipName, viewStamp(view));

  const run = () =>
    sheetExport.run(fileName, async ({ sink, signal, progress, opened }) => {
      const exportedAt = Date.now();
      const open = async (cols: ShownTable['cols']) =>
        opened(await ReportSheet.open(sink, { ...heading, exportedAt }, cols, view.kind, sheetLabels));
      let sheet: ReportSheet | undefined;
      if (view.kind === 'range') {
        progress({ read: 0, total: data.total });
        await readAllPages(
          { kind, reportId, view },
          async (rows, page, so) => {
            sheet ??= await open(page.cols);
            await sheet.add(rows, Date.now());
            progress(so);
          },
          signal,
        );
      } else {
        sheet = await open(data.cols);
        await sheet.add(data.rows, Date.now());
      }
      // The first page always comes (an empty range is one page of no rows), so the file is open here.
      return sheet ?? open(data.cols);
    });

  return (
    <>
      {sheetExport.holder}
      <Button id="report-export" icon={<DownloadOutlined />} loading={sheetExport.busy} onClick={() => void run()}>
        {t('reports.export.action')}
      </Button>
      <ExportProgress progress={sheetExport.progress} onCancel={sheetExport.cancel} />
    </>
  );
}
