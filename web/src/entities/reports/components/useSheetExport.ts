/**
 * The steps every report-shaped .xlsx export takes (the report's own export, the project history's table per
 * period), so each screen says only what goes into the file: the file opened on the click itself (the browser's save
 * dialog, where there is one, needs the user's gesture; closing it exports nothing), the rows written as they come
 * with the progress shown, and at the end the file finished, or on Cancel or a failure dropped (a picked file's
 * partial copy removed), Cancel told as such and a failure as the export's error.
 */
import { useRef, useState } from 'react';
import { message as antdMessage } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { openSaveSink, SaveCancelled } from '@/lib/xlsx/save';
import type { ByteSink } from '@/lib/xlsx/sink';
import type { ReportSheet } from '../sheet';
import type { PagesProgress } from '../table';

/** What a screen's writing of the file gets. */
export interface SheetWriting {
  sink: ByteSink;
  /** Aborted by Cancel: stop reading. */
  signal: AbortSignal;
  /** Shows the progress dialog, how far the reading got. */
  progress(so: PagesProgress): void;
  /** Hands over the sheet as soon as it is opened, so a failure after it drops the sheet rather than the bare sink. */
  opened(sheet: ReportSheet): ReportSheet;
}

export function useSheetExport() {
  const { t } = useTranslation();
  const [message, holder] = antdMessage.useMessage();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PagesProgress | null>(null);
  const cancel = useRef<AbortController | null>(null);

  const failed = (error: unknown) => showError(error instanceof ApiError ? error : new ApiError('export', t('reports.export.failed')));

  /** Saves `fileName`, its sheet written by `write` (which answers the sheet it opened, to be finished here). */
  const run = async (fileName: string, write: (writing: SheetWriting) => Promise<ReportSheet>) => {
    setBusy(true);
    let sink: ByteSink;
    try {
      sink = await openSaveSink(fileName);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof SaveCancelled)) failed(error);
      return;
    }
    const controller = new AbortController();
    cancel.current = controller;
    let sheet: ReportSheet | undefined;
    try {
      sheet = await write({ sink, signal: controller.signal, progress: setProgress, opened: (opened) => (sheet = opened) });
      await sheet.finish();
    } catch (error) {
      await (sheet ? sheet.abort(error) : sink.abort(error)).catch(() => {});
      if (controller.signal.aborted) void message.info(t('reports.export.cancelled'));
      else failed(error);
    } finally {
      cancel.current = null;
      setProgress(null);
      setBusy(false);
    }
  };

  return { run, busy, progress, holder, cancel: () => cancel.current?.abort() };
}
