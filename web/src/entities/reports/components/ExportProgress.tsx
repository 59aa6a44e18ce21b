/**
 * The dialog of a long export (a report's range, a project's history table, read page by page into the file): how
 * many rows are in the file of how many, and a Cancel that stops the reading and drops the file.
 */
import { Button, Flex, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PagesProgress } from '../table';

export interface ExportProgressProps {
  /** How far it got; null: the dialog is closed. */
  progress: PagesProgress | null;
  onCancel(): void;
  /** The Cancel button's id (`<idPrefix>-cancel`) and the body's test id (`<idPrefix>-progress`). */
  idPrefix?: string;
}

export function ExportProgress({ progress, onCancel, idPrefix = 'report-export' }: ExportProgressProps) {
  const { t } = useTranslation();
  const percent = progress && progress.total > 0 ? Math.min(100, Math.floor((progress.read / progress.total) * 100)) : 0;
  return (
    <Modal
      open={progress !== null}
      title={t('reports.export.reading')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button id={`${idPrefix}-cancel`} onClick={onCancel}>
          {t('reports.export.cancel')}
        </Button>
      }
    >
      <Flex vertical gap={8} data-testid={`${idPrefix}-progress`}>
        <Progress percent={percent} status="active" />
        <Typography.Text type="secondary">{t('reports.export.rowsRead', { read: progress?.read ?? 0, total: progress?.total ?? 0 })}</Typography.Text>
      </Flex>
    </Modal>
  );
}
