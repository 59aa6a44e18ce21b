/**
 * Realtime data: every signal with its latest value (unit and decimals), quality, time (UTC+8) and alarm count;
 * a value older than three reporting periods is greyed (lib/signals/staleness.ts). Writable signals have a write
 * action that opens the write form in a dialog. A bad value names the device's error (catalogue text of the code
 * the live frame carries) when the server sends one.
 */
import { useState } from 'react';
import { Badge, Button, Flex, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/errors';
import type { SignalValue } from '@/lib/live/egSignalChannel';
import { formatBaseTime, formatSignalValue } from '@/lib/signals/format';
import { isStale } from '@/lib/signals/staleness';
import type { MonitorSignal } from '@/lib/signals/types';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { WriteForm } from './WriteForm';

export interface RealtimeTabProps {
  signals: MonitorSignal[] | undefined;
  signalsLoading: boolean;
  signalsError: { message: string } | null;
  onRetry: () => void;
  values: Record<string, SignalValue>;
  signalAlarm: Record<string, number>;
  now: number;
  staleMs: number;
  canWrite: boolean;
}

export function RealtimeTab(props: RealtimeTabProps) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState<MonitorSignal | null>(null);
  const { signals, values, now, staleMs } = props;

  if (props.signalsLoading) return <TabLoading />;
  if (props.signalsError && !signals)
    return <TabError title={t('monitor.signals.loadFailed')} error={props.signalsError} onRetry={props.onRetry} />;
  if (!signals || signals.length === 0) return <TabEmpty description={t('monitor.signals.empty')} />;

  const columns: ColumnsType<MonitorSignal> = [
    {
      title: t('monitor.realtime.signal'),
      key: 'signal',
      render: (_, signal) => {
        const alarms = props.signalAlarm[String(signal.id)] ?? 0;
        return (
          <Flex gap={8} align="center">
            <span>{signal.signalTitle}</span>
            {alarms > 0 && (
              <Tooltip title={t('monitor.realtime.alarmCount', { count: alarms })}>
                <Tag color="error" data-testid="rt-alarm" style={{ marginInlineEnd: 0 }}>
                  {t('monitor.realtime.alarm')}
                </Tag>
              </Tooltip>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('monitor.realtime.value'),
      key: 'value',
      align: 'right',
      render: (_, signal) => {
        const value = values[String(signal.id)];
        if (!value) {
          return (
            <Typography.Text type="secondary" data-testid="rt-value" data-state="none">
              {t('monitor.realtime.noValue')}
            </Typography.Text>
          );
        }
        const stale = isStale(value.time, now, staleMs);
        const text = formatSignalValue(value.value, signal);
        return stale ? (
          <Tooltip title={t('monitor.realtime.staleHint', { seconds: Math.round(staleMs / 1000) })}>
            <Typography.Text type="secondary" data-testid="rt-value" data-state="stale" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {text}
            </Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text strong data-testid="rt-value" data-state="fresh" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {text}
          </Typography.Text>
        );
      },
    },
    {
      title: t('monitor.realtime.quality'),
      key: 'quality',
      render: (_, signal) => {
        const value = values[String(signal.id)];
        if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
        return value.quality === 'good' ? (
          <Badge status="success" text={t('monitor.quality.good')} data-testid="rt-quality" data-quality="good" />
        ) : (
          <Tooltip title={value.code ? errorText(value.code) : t('monitor.quality.badHint')}>
            <Badge
              status="error"
              text={value.code ? t('monitor.quality.badWith', { error: errorText(value.code) }) : t('monitor.quality.bad')}
              data-testid="rt-quality"
              data-quality="bad"
            />
          </Tooltip>
        );
      },
    },
    {
      title: t('monitor.realtime.time'),
      key: 'time',
      render: (_, signal) => {
        const value = values[String(signal.id)];
        return (
          <Typography.Text
            type={value && !isStale(value.time, now, staleMs) ? undefined : 'secondary'}
            data-testid="rt-time"
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {formatBaseTime(value?.time)}
          </Typography.Text>
        );
      },
    },
    {
      title: t('monitor.realtime.action'),
      key: 'action',
      render: (_, signal) =>
        signal.writable ? (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            data-testid={`rt-write-${signal.id}`}
            onClick={() => setWriting(signal)}
          >
            {t('monitor.realtime.write')}
          </Button>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('monitor.realtime.readOnly')}
          </Typography.Text>
        ),
    },
  ];

  return (
    <>
      <div style={{ overflowX: 'auto' }}>
        <Table<MonitorSignal>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={signals}
          pagination={false}
          data-testid="realtime-table"
        />
      </div>
      <Modal
        open={writing !== null}
        title={writing ? t('monitor.write.title', { signal: writing.signalTitle }) : ''}
        footer={null}
        destroyOnHidden
        onCancel={() => setWriting(null)}
      >
        {writing && (
          <Flex vertical gap={12} data-testid="write-dialog">
            <Typography.Text type="secondary">
              {t('monitor.write.current', { value: formatSignalValue(values[String(writing.id)]?.value, writing) })}
            </Typography.Text>
            <WriteForm key={writing.id} signal={writing} canWrite={props.canWrite} autoFocus />
          </Flex>
        )}
      </Modal>
    </>
  );
}
