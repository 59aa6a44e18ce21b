/**
 * Saving a report as .xlsx (../sheet.ts). A day, a month or a day's shifts is saved from the table on the screen, so
 * the file holds the numbers the operator sees (a running period's values move between two reads). A range may hold
 * thousands of periods across pages: it is read page by page, each page's rows added to the sheet as it comes, with
 * a dialog showing how far it got and a Cancel that stops the reading (no file is saved then).
 */
import { useRef, useState } from 'react';
import { Button, Flex, Modal, Progress, Typography, message as antdMessage } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { useSheetLabels } from '../labels';
import { ReportSheet, reportFileName } from '../sheet';
import { readAllPages, type PagesProgress, type ReportKind, type ShownTable } from '../table';
import { viewStamp, type ReportView } from '../view';
import type { ReportHeading } from './ReportPrint';

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
  const newSheet = (cols: ShownTable['cols']) => new ReportSheet({ ...heading, exportedAt: Date.now() }, cols, view.kind, sheetLabels);

  const readRange = async (): Promise<ReportSheet | null> => {
    const controller = new AbortController();
    cancel.current = controller;
    setProgress({ read: 0, total: data.total });
    let sheet: ReportSheet | null = null;
    try {
      await readAllPages(
        { kind, reportId, view },
        (rows, page, so) => {
          sheet ??= newSheet(page.cols);
          sheet.add(rows, Date.now());
          setProgress(so);
        },
        controller.signal,
      );
      return sheet;
    } catch (error) {
      if (controller.signal.aborted) {
        void message.info(t('reports.export.cancelled'));
        return null;
      }
      throw error;
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  };

  const run = async () => {
    setBusy(true);
    try {
      let sheet: ReportSheet | null;
      if (view.kind === 'range') sheet = await readRange();
      else {
        sheet = newSheet(data.cols);
        sheet.add(data.rows, Date.now());
      }
      if (sheet) await sheet.save(fileName);
    } catch (error) {
      showError(error instanceof ApiError ? error : new ApiError('export', t('reports.export.failed')));
    } finally {
      setBusy(false);
    }
  };

  const percent = progress && progress.total > 0 ? Math.min(100, Math.floor((progress.read / progress.total) * 100)) : 0;
  return (
    <>
      {holder}
      <Button id="report-export" icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
        {t('reports.export.action')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('reports.export.reading')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button id="report-export-cancel" onClick={() => cancel.current?.abort()}>
            {t('reports.export.cancel')}
          </Button>
        }
      >
        <Flex vertical gap={8} data-testid="report-export-progress">
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {t('reports.export.rowsRead', { read: progress?.read ?? 0, total: progress?.total ?? 0 })}
          </Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}
