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
import { useRef, useState } from 'react';
import { Button, message as antdMessage } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { openSaveSink, SaveCancelled } from '@/lib/xlsx/save';
import type { ByteSink } from '@/lib/xlsx/sink';
import { useSheetLabels } from '../labels';
import { ReportSheet, reportFileName } from '../sheet';
import { readAllPages, type PagesProgress, type ReportKind, type ShownTable } from '../table';
import { viewStamp, type ReportView } from '../view';
import type { ReportHeading } from './ReportPrint';
import { ExportProgress } from './ExportProgress';

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
  const [message, holder] = antdMessage.useMessage();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PagesProgress | null>(null);
  const cancel = useRef<AbortController | null>(null);

  const fileName = reportFileName(heading.reportName, heading.equipName, viewStamp(view));
  const failed = (error: unknown) => showError(error instanceof ApiError ? error : new ApiError('export', t('reports.export.failed')));

  const run = async () => {
    setBusy(true);
    let sink: ByteSink;
    try {
      sink = await openSaveSink(fileName);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof SaveCancelled)) failed(error);
      return;
    }
    const exportedAt = Date.now();
    const open = (cols: ShownTable['cols']) => ReportSheet.open(sink, { ...heading, exportedAt }, cols, view.kind, sheetLabels);
    const controller = new AbortController();
    const built: { sheet?: ReportSheet } = {};
    try {
      if (view.kind === 'range') {
        cancel.current = controller;
        setProgress({ read: 0, total: data.total });
        await readAllPages(
          { kind, reportId, view },
          async (rows, page, so) => {
            built.sheet ??= await open(page.cols);
            await built.sheet.add(rows, Date.now());
            setProgress(so);
          },
          controller.signal,
        );
      } else {
        built.sheet = await open(data.cols);
        await built.sheet.add(data.rows, Date.now());
      }
      // The first page always comes (an empty range is one page of no rows), so the file is open here.
      built.sheet ??= await open(data.cols);
      await built.sheet.finish();
    } catch (error) {
      await (built.sheet ? built.sheet.abort(error) : sink.abort(error)).catch(() => {});
      if (controller.signal.aborted) void message.info(t('reports.export.cancelled'));
      else failed(error);
    } finally {
      cancel.current = null;
      setProgress(null);
      setBusy(false);
    }
  };

  return (
    <>
      {holder}
      <Button id="report-export" icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
        {t('reports.export.action')}
      </Button>
      <ExportProgress progress={progress} onCancel={() => cancel.current?.abort()} />
    </>
  );
}
