/**
 * Realtime data: every signal with its latest value (unit and decimals), quality, time (UTC+8) and alarm count;
 * a value older than three reporting periods is greyed (entities/signals/staleness.ts). Writable signals have a write
 * action that opens the write form in a dialog (as wide as the screen on a phone). On a phone the rows are cards
 * (RealtimeCards), the same parts (realtimeCells.tsx). While the server cannot be reached every value is greyed
 * with its time (lib/connection.ts). A bad value names the device's error (catalogue text of the code
 * the live frame carries) when the server sends one.
 */
import { useState } from 'react';
import { Flex, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EgFrame, SignalEntry } from '@/generated/answers';
import { useConnection } from '@/lib/connection';
import { useCardLayout } from '@/lib/layout';
import { useValueText } from '@/entities/signals/components/StateValue';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { RealtimeCards } from './RealtimeCards';
import { SignalName, SignalQuality, SignalTime, SignalValueText, SignalWriteAction } from './realtimeCells';
import { WriteForm } from './WriteForm';
import type { SignalWriter } from '@/entities/signals/commands';

export interface RealtimeTabProps {
  signals: SignalEntry[] | undefined;
  signalsLoading: boolean;
  signalsError: { message: string } | null;
  onRetry: () => void;
  values: EgFrame['signalVal'];
  signalAlarm: EgFrame['signalAlarm'];
  now: number;
  staleMs: number;
  canWrite: boolean;
  /** How the write dialog writes (the monitor's write when left out; the share view's `share/write`). */
  write?: SignalWriter;
}

export function RealtimeTab(props: RealtimeTabProps) {
  const { t } = useTranslation();
  const shownValue = useValueText();
  const [writing, setWriting] = useState<SignalEntry | null>(null);
  const { signals, values, now, staleMs } = props;
  const cards = useCardLayout();
  const { reachable } = useConnection();

  if (props.signalsLoading) return <TabLoading />;
  if (props.signalsError && !signals)
    return <TabError title={t('monitor.signals.loadFailed')} error={props.signalsError} onRetry={props.onRetry} />;
  if (!signals || signals.length === 0) return <TabEmpty description={t('monitor.signals.empty')} />;

  const freshness = { now, staleMs, reachable };
  const columns: ColumnsType<SignalEntry> = [
    {
      title: t('monitor.realtime.signal'),
      key: 'signal',
      render: (_, signal) => <SignalName signal={signal} alarms={props.signalAlarm[String(signal.id)] ?? 0} />,
    },
    {
      title: t('monitor.realtime.value'),
      key: 'value',
      align: 'right',
      render: (_, signal) => <SignalValueText signal={signal} value={values[String(signal.id)]} freshness={freshness} />,
    },
    {
      title: t('monitor.realtime.quality'),
      key: 'quality',
      render: (_, signal) => <SignalQuality value={values[String(signal.id)]} />,
    },
    {
      title: t('monitor.realtime.time'),
      key: 'time',
      render: (_, signal) => <SignalTime value={values[String(signal.id)]} freshness={freshness} />,
    },
    {
      title: t('monitor.realtime.action'),
      key: 'action',
      render: (_, signal) => <SignalWriteAction signal={signal} onWrite={() => setWriting(signal)} />,
    },
  ];

  return (
    <>
      {cards ? (
        <RealtimeCards signals={signals} values={values} signalAlarm={props.signalAlarm} freshness={freshness} onWrite={setWriting} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table<SignalEntry>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={signals}
            pagination={false}
            data-testid="realtime-table"
          />
        </div>
      )}
      <Modal
        open={writing !== null}
        title={writing ? t('monitor.write.title', { signal: writing.signalTitle }) : ''}
        footer={null}
        width={cards ? 'calc(100vw - 16px)' : undefined}
        style={cards ? { top: 8, maxWidth: 'none', paddingBottom: 0 } : undefined}
        destroyOnHidden
        onCancel={() => setWriting(null)}
      >
        {writing && (
          <Flex vertical gap={12} data-testid="write-dialog">
            <Typography.Text type="secondary">
              {t('monitor.write.current', { value: shownValue(values[String(writing.id)]?.value, writing) })}
            </Typography.Text>
            <WriteForm key={writing.id} signal={writing} canWrite={props.canWrite} autoFocus write={props.write} />
          </Flex>
        )}
      </Modal>
    </>
  );
}
