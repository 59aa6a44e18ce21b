/**
 * Command: pick any signal, read its value from the device now (/signal/singleVal through runAsyncCommand), or
 * write one. Read-only signals can be picked too: reading them is useful, and a write is refused with the
 * read-only text before anything is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Select, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LiveValue, SignalEntry } from '@/generated/answers';
import { ApiError } from '@/lib/api/errors';
import { readSignal } from '@/entities/signals/commands';
import { formatBaseTime } from '@/lib/chinaTime';
import { formatSignalValue } from '@/entities/signals/format';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { WriteForm } from '@/entities/signals/components/WriteForm';

type ReadOutcome = { kind: 'success'; reading: LiveValue | null; value: number | null } | { kind: 'failure'; message: string };

function ReadNow({ signal }: { signal: SignalEntry }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ReadOutcome | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    setOutcome(null);
    setAttempt(null);
    return () => abort.current?.abort();
  }, [signal.id]);

  const read = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setOutcome(null);
    setAttempt(-1);
    try {
      const result = await readSignal(signal.id, { signal: controller.signal, onProgress: setAttempt });
      if (controller.signal.aborted) return;
      setOutcome({ kind: 'success', reading: result?.readings?.[0] ?? null, value: result?.value ?? null });
    } catch (error) {
      if (controller.signal.aborted) return;
      setOutcome({ kind: 'failure', message: error instanceof ApiError ? error.message : t('monitor.command.readFailed') });
    } finally {
      if (!controller.signal.aborted) setAttempt(null);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center" wrap>
        <Button id="read-now" icon={<ReloadOutlined />} loading={attempt !== null} onClick={() => void read()}>
          {t('monitor.command.readNow')}
        </Button>
        {attempt !== null && (
          <Flex gap={8} align="center" data-testid="read-progress">
            <Spin size="small" />
            <Typography.Text type="secondary">
              {attempt >= 0 ? t('monitor.command.waitingAttempt', { attempt: attempt + 1 }) : t('monitor.command.sending')}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
      {outcome?.kind === 'success' && (
        <Alert
          type={outcome.reading?.quality === 'bad' ? 'warning' : 'success'}
          showIcon
          data-testid="read-result"
          message={t('monitor.command.readValue', { value: formatSignalValue(outcome.reading?.value ?? outcome.value, signal) })}
          description={
            outcome.reading
              ? t('monitor.command.readAt', {
                  time: formatBaseTime(outcome.reading.time),
                  quality: outcome.reading.quality === 'good' ? t('monitor.quality.good') : t('monitor.quality.bad'),
                })
              : undefined
          }
        />
      )}
      {outcome?.kind === 'failure' && (
        <Alert type="error" showIcon data-testid="read-result" message={t('monitor.command.readFailed')} description={outcome.message} />
      )}
    </Flex>
  );
}

export interface CommandTabProps {
  signals: SignalEntry[] | undefined;
  signalsLoading: boolean;
  signalsError: { message: string } | null;
  onRetry: () => void;
  canWrite: boolean;
}

export function CommandTab({ signals, signalsLoading, signalsError, onRetry, canWrite }: CommandTabProps) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  if (signalsLoading) return <TabLoading />;
  if (signalsError && !signals) return <TabError title={t('monitor.signals.loadFailed')} error={signalsError} onRetry={onRetry} />;
  if (!signals || signals.length === 0) return <TabEmpty description={t('monitor.signals.empty')} />;
  const selected = signals.find((s) => s.id === selectedId) ?? null;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="command-tab">
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('monitor.command.signal')}</Typography.Text>
        <Select<number>
          id="command-signal"
          showSearch
          optionFilterProp="label"
          placeholder={t('monitor.command.pickSignal')}
          value={selectedId ?? undefined}
          onChange={setSelectedId}
          options={signals.map((s) => ({
            value: s.id,
            label: s.writable ? s.signalTitle : `${s.signalTitle} (${t('monitor.realtime.readOnly')})`,
          }))}
          style={{ width: '100%' }}
        />
      </Flex>
      {selected ? (
        <>
          <Card size="small" title={t('monitor.command.readTitle')}>
            <ReadNow signal={selected} />
          </Card>
          <Card size="small" title={t('monitor.command.writeTitle')}>
            <WriteForm key={selected.id} signal={selected} canWrite={canWrite} />
          </Card>
        </>
      ) : (
        <TabEmpty testId="command-pick" description={t('monitor.command.pickFirst')} />
      )}
    </Flex>
  );
}
