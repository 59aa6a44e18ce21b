/**
 * Real-time curve: the chosen signals' live values over the last few minutes, from the page's rolling buffer
 * (model/rollingBuffer.ts: bounded per signal), redrawn once a second so the time axis moves even when a value
 * does not change.
 */
import { useMemo, useState } from 'react';
import { Alert, Flex, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rollingChartOption } from '@/entities/equipmentRecords/chartOptions';
import { capSelection, HISTORY_MAX_SIGNALS } from '@/entities/equipmentRecords/historyRange';
import type { RollingBuffer } from '../model/rollingBuffer';
import type { SignalEntry } from '@/generated/answers';
import { LazyChart } from '@/components/LazyChart';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';

export const CURVE_WINDOWS_MIN = [1, 5, 10, 30] as const;

export interface RealtimeCurveTabProps {
  signals: SignalEntry[] | undefined;
  signalsLoading: boolean;
  signalsError: { message: string } | null;
  onRetry: () => void;
  buffer: RollingBuffer;
  now: number;
  monitoring: boolean;
}

export function RealtimeCurveTab({ signals, signalsLoading, signalsError, onRetry, buffer, now, monitoring }: RealtimeCurveTabProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [windowMin, setWindowMin] = useState<number>(5);
  const [refused, setRefused] = useState(false);
  // Until the operator chooses, the first three numeric signals.
  const selected = useMemo(
    () => chosen ?? (signals ?? []).filter((s) => s.dataType !== 'bool').slice(0, 3).map((s) => s.id),
    [chosen, signals],
  );
  // The points drawn, said on the chart (`data-points`): the browser tests wait for live points by it, not by time.
  const { option, pointCount } = useMemo(() => {
    const byId = new Map((signals ?? []).map((s) => [s.id, s]));
    const windowMs = windowMin * 60_000;
    const lines = selected.map((id) => {
      const s = byId.get(id);
      const name = s ? (s.unit ? `${s.signalTitle} (${s.unit})` : s.signalTitle) : String(id);
      return { signalId: id, name, unit: s?.unit ?? '', decimals: s?.decimals ?? 2, dataType: s?.dataType ?? 'float64', points: buffer.points(String(id), now, windowMs) };
    });
    return {
      option: rollingChartOption(lines, now, windowMs),
      pointCount: lines.reduce((sum, line) => sum + line.points.length, 0),
    };
  }, [selected, signals, buffer, now, windowMin]);

  if (signalsLoading) return <TabLoading />;
  if (signalsError && !signals) return <TabError title={t('monitor.signals.loadFailed')} error={signalsError} onRetry={onRetry} />;
  if (!signals || signals.length === 0) return <TabEmpty description={t('monitor.signals.empty')} />;

  return (
    <Flex vertical gap={12} data-testid="curve-tab">
      <Flex gap={16} wrap align="flex-start">
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 280 }}>
          <Select<number[]>
            id="curve-signals"
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('monitor.curve.pickSignals')}
            value={selected}
            onChange={(next) => {
              const capped = capSelection(selected, next);
              setChosen(capped.selection);
              setRefused(capped.refused);
            }}
            options={signals.map((s) => ({ value: s.id, label: s.signalTitle }))}
          />
          {refused && (
            <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
              {t('monitor.history.tooManySignals', { max: HISTORY_MAX_SIGNALS })}
            </Typography.Text>
          )}
        </Flex>
        <Segmented
          id="curve-window"
          value={windowMin}
          onChange={(v) => setWindowMin(Number(v))}
          options={CURVE_WINDOWS_MIN.map((m) => ({ value: m, label: t('monitor.curve.minutes', { count: m }) }))}
        />
      </Flex>
      {!monitoring && <Alert type="warning" showIcon message={t('monitor.curve.notMonitoring')} />}
      {selected.length === 0 ? (
        <TabEmpty testId="curve-empty" description={t('monitor.curve.empty')} />
      ) : (
        <div data-points={pointCount}>
          <LazyChart option={option} height={380} mode="merge" testId="curve-chart" />
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('monitor.curve.hint')}
      </Typography.Text>
    </Flex>
  );
}
