/**
 * History: the equipment's signals over a time range, as the shared history panel reads and shows them
 * (entities/equipmentRecords/components/HistoryPanel.tsx; the project monitor's History view uses the same).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignalEntry } from '@/generated/answers';
import { HistoryPanel } from '@/entities/equipmentRecords/components/HistoryPanel';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';

export interface HistoryTabProps {
  equipName: string;
  signals: SignalEntry[] | undefined;
  signalsLoading: boolean;
  signalsError: { message: string } | null;
  onRetry: () => void;
}

export function HistoryTab({ equipName, signals, signalsLoading, signalsError, onRetry }: HistoryTabProps) {
  const { t } = useTranslation();
  // The range starts as the hour before the tab opened, not before the signals came.
  const [openedAt] = useState(() => Date.now());
  if (signalsLoading) return <TabLoading />;
  if (signalsError && !signals) return <TabError title={t('monitor.signals.loadFailed')} error={signalsError} onRetry={onRetry} />;
  if (!signals || signals.length === 0) return <TabEmpty description={t('monitor.signals.empty')} />;
  return <HistoryPanel fileName={equipName} signals={signals} openedAt={openedAt} />;
}
