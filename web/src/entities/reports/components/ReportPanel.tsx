/**
 * A report as the monitor shows it (the EG detail's Reports tab, a project's reports and custom reports): its live
 * views (ReportViewer) or, beside them, its generated reports (ArchiveList, one opened in ArchiveReport). `toolbar`
 * (the caller's report picker) comes first in either. Choosing another report keeps the mode and the live view (the
 * same day of another report) but not an opened generated report, which was the other report's.
 */
import { useState, type ReactNode } from 'react';
import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArchivedReport } from '../archive';
import type { ReportKind } from '../table';
import { ArchiveList, FIRST_ARCHIVE_PAGE, type ArchivePaging } from './ArchiveList';
import { ArchiveReport } from './ArchiveReport';
import { ReportViewer } from './ReportViewer';

type Mode = 'live' | 'archive';

export interface ReportPanelProps {
  kind?: ReportKind;
  report: { id: number; name: string };
  equipName: string;
  ownerLabel?: string;
  toolbar?: ReactNode;
}

export function ReportPanel({ kind = 'report', report, equipName, ownerLabel, toolbar }: ReportPanelProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('live');
  // What was opened and the list's page, of the report they were of (another report starts on its list's first page).
  const [openedOf, setOpened] = useState<{ reportId: number; view: string; period: string } | null>(null);
  const opened = openedOf?.reportId === report.id ? openedOf : null;
  const [pagingOf, setPaging] = useState<{ reportId: number; paging: ArchivePaging } | null>(null);
  const paging = pagingOf?.reportId === report.id ? pagingOf.paging : FIRST_ARCHIVE_PAGE;
  const owner = { kind, report, equipName, ...(ownerLabel ? { ownerLabel } : {}) };

  const tools = (
    <>
      {toolbar}
      <Segmented<Mode>
        id="report-mode"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'live', label: <span data-testid="report-mode-live">{t('reports.mode.live')}</span> },
          { value: 'archive', label: <span data-testid="report-mode-archive">{t('reports.mode.archive')}</span> },
        ]}
      />
    </>
  );

  if (mode === 'live') return <ReportViewer {...owner} toolbar={tools} />;
  return (
    <Flex vertical gap={12} data-testid="report-archives">
      <Flex gap={12} wrap align="flex-start">
        {tools}
      </Flex>
      {opened ? (
        <ArchiveReport {...owner} which={opened} onBack={() => setOpened(null)} />
      ) : (
        <ArchiveList
          kind={kind}
          reportId={report.id}
          paging={paging}
          onPaging={(next) => setPaging({ reportId: report.id, paging: next })}
          onOpen={(a: ArchivedReport) => setOpened({ reportId: report.id, view: a.view, period: a.period })}
        />
      )}
    </Flex>
  );
}
