/**
 * Writing one value (spec sections 4 and 5); a signal with state texts picks a state instead of typing a number. Used
 * by the realtime table's write dialog and the command tab. Checks in order: the write permission (the server's 1208
 * text), then the value rules of entities/signals/writeValidation, all shown inline in the operator's language; then
 * the write goes out through runAsyncCommand, its progress shown while the device answers, and its outcome (or the
 * mapped failure text) shown under the form.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import type { SignalEntry } from '@/generated/answers';
import { checkWrite, checkWriteAccess } from '@/entities/signals/writeValidation';
import { useWriteProblemText, withUnit, writeRangeText } from '@/entities/signals/writeTexts';
import { writeSignal, type SignalWriter } from '@/entities/signals/commands';
import { stateOf } from '@/entities/signals/states';
import { StatePicker } from '@/entities/signals/components/StatePicker';
import { useValueText } from '@/entities/signals/components/StateValue';

type Outcome = { kind: 'success'; written: number; value: number | null } | { kind: 'failure'; message: string };

/** The allowed values of a signal, as a hint under the input. */
export function RangeHint({ signal }: { signal: SignalEntry }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="write-hint">
      {writeRangeText(t, signal)}
    </Typography.Text>
  );
}

/** Key the form by `signal.id` where the signal can change under it: a new signal starts a fresh form. */
export interface WriteFormProps {
  signal: SignalEntry;
  canWrite: boolean;
  /** Called after a successful write (e.g. to close the dialog later). */
  onWritten?: (value: number) => void;
  autoFocus?: boolean;
  /** How the value is written: the monitor's write (default), or the share view's `share/write`. */
  write?: SignalWriter;
}

export function WriteForm({ signal, canWrite, onWritten, autoFocus, write = writeSignal }: WriteFormProps) {
  const { t } = useTranslation();
  const problemText = useWriteProblemText();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the form (closing the dialog, another signal: callers key the form by signal id) stops polling for the
  // answer. No reset effect on the id: a passive effect runs after the first paint, and one that cleared the
  // state there wiped what a quick operator (or a test) typed and the problem shown for it.
  useEffect(() => () => abort.current?.abort(), []);

  const running = attempt !== null;
  const states = signal.valueMap ?? [];
  const shown = useValueText();

  const submit = async () => {
    setOutcome(null);
    const refused = checkWriteAccess(signal, canWrite);
    if (refused) {
      setProblem(problemText(refused, signal));
      return;
    }
    const check = checkWrite(signal, input);
    if (!check.ok) {
      setProblem(problemText(check.problem, signal));
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    setAttempt(-1);
    try {
      const result = await write(signal.id, check.value, {
        signal: controller.signal,
        onProgress: (n) => setAttempt(n),
      });
      if (controller.signal.aborted) return;
      setOutcome({ kind: 'success', written: check.value, value: result?.value ?? null });
      onWritten?.(check.value);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof ApiError ? error.message : t('monitor.write.failedUnknown');
      setOutcome({ kind: 'failure', message });
    } finally {
      if (!controller.signal.aborted) setAttempt(null);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="write-form">
      <Flex gap={8} align="flex-start" wrap={states.length > 0}>
        <Flex vertical gap={4} style={{ flex: 1 }}>
          {states.length > 0 ? (
            <StatePicker
              states={states}
              picked={input}
              disabled={running}
              label={t('monitor.write.valueLabel', { signal: signal.signalTitle })}
              testId="write-states"
              onPick={(valueText) => {
                setInput(valueText);
                if (problem) setProblem(null);
              }}
            />
          ) : (
          <Input
            id="write-value"
            aria-label={t('monitor.write.valueLabel', { signal: signal.signalTitle })}
            placeholder={t('monitor.write.placeholder')}
            value={input}
            autoFocus={autoFocus}
            status={problem ? 'error' : undefined}
            disabled={running}
            suffix={signal.unit || undefined}
            onChange={(event) => {
              setInput(event.target.value);
              if (problem) setProblem(null);
            }}
            onPressEnter={() => void submit()}
          />
          )}
          {problem ? (
            <Typography.Text type="danger" role="alert" data-testid="write-error" style={{ fontSize: 12 }}>
              {problem}
            </Typography.Text>
          ) : (
            <RangeHint signal={signal} />
          )}
        </Flex>
        <Button id="write-submit" type="primary" loading={running} onClick={() => void submit()}>
          {t('monitor.write.submit')}
        </Button>
      </Flex>
      {running && (
        <Flex gap={8} align="center" data-testid="write-progress">
          <Spin size="small" />
          <Typography.Text type="secondary">
            {attempt !== null && attempt >= 0
              ? t('monitor.command.waitingAttempt', { attempt: attempt + 1 })
              : t('monitor.command.sending')}
          </Typography.Text>
        </Flex>
      )}
      {outcome?.kind === 'success' && (
        <Alert
          type="success"
          showIcon
          data-testid="write-result"
          message={t('monitor.write.success', { value: stateOf(states, outcome.written) ? shown(outcome.written, signal) : withUnit(outcome.written, signal.unit) })}
          description={
            outcome.value !== null
              ? t('monitor.write.deviceNow', { value: shown(outcome.value, signal) })
              : undefined
          }
        />
      )}
      {outcome?.kind === 'failure' && (
        <Alert type="error" showIcon data-testid="write-result" message={t('monitor.write.failed')} description={outcome.message} />
      )}
    </Flex>
  );
}
