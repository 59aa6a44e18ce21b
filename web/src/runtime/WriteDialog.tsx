/**
 * The dialogs of a click-event write: "write this fixed value?" (the page's hint) and "which value?" (an input
 * checked against spec section 5 before anything is sent, entities/signals/writeValidation; a signal with state texts
 * picks one of its states instead).
 */
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWriteProblemText, withUnit, writeRangeText } from '@/entities/signals/writeTexts';
import { checkWrite } from '@/entities/signals/writeValidation';
import type { RuntimeSignal } from './types';
import { StatePicker } from '@/entities/signals/components/StatePicker';
import { stateOf } from '@/entities/signals/states';
import { useStateLabel } from '@/entities/signals/components/StateValue';

/** "Write 5 to Pump start?" — the page's question (hintValue) or the default one. */
export function ConfirmWriteDialog({
  signal,
  value,
  question,
  onAnswer,
}: {
  signal: RuntimeSignal;
  value: number;
  question: string;
  onAnswer: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const stateText = useStateLabel();
  const state = stateOf(signal.valueMap, value);
  const shown = state ? stateText(state) : withUnit(value, signal.unit);
  return (
    <Modal
      open
      title={t('runtime.write.confirmTitle')}
      okText={t('runtime.write.submit')}
      cancelText={t('runtime.write.cancel')}
      onOk={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
      width={420}
    >
      <div data-testid="runtime-write-confirm">
        <Typography.Paragraph>{question.trim() || t('runtime.write.confirmText', { signal: signal.title, value: shown })}</Typography.Paragraph>
        {question.trim() && (
          <Typography.Text type="secondary">
            {t('runtime.write.confirmDetail', { signal: signal.title, value: shown })}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}

/** Asks for the value to write; answers a checked number, or null when the operator cancels. */
export function WriteValueDialog({
  signal,
  question,
  onAnswer,
}: {
  signal: RuntimeSignal;
  question: string;
  onAnswer: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  const problemText = useWriteProblemText();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const check = checkWrite(signal, input);
    if (!check.ok) {
      setProblem(problemText(check.problem, signal));
      return;
    }
    onAnswer(check.value);
  };

  return (
    <Modal
      open
      title={t('runtime.write.inputTitle', { signal: signal.title })}
      okText={t('runtime.write.submit')}
      cancelText={t('runtime.write.cancel')}
      onOk={submit}
      onCancel={() => onAnswer(null)}
      width={420}
    >
      <div data-testid="runtime-write-dialog">
        {question.trim() && <Typography.Paragraph>{question}</Typography.Paragraph>}
        {signal.valueMap.length > 0 ? (
          <StatePicker
            states={signal.valueMap}
            picked={input}
            label={t('runtime.write.valueLabel', { signal: signal.title })}
            testId="runtime-write-states"
            onPick={(valueText) => {
              setInput(valueText);
              if (problem) setProblem(null);
            }}
          />
        ) : (
        <Input
          autoFocus
          data-testid="runtime-write-input"
          aria-label={t('runtime.write.valueLabel', { signal: signal.title })}
          placeholder={t('runtime.write.placeholder')}
          value={input}
          status={problem ? 'error' : undefined}
          suffix={signal.unit?.trim() || undefined}
          onChange={(event) => {
            setInput(event.target.value);
            if (problem) setProblem(null);
          }}
          onPressEnter={submit}
        />
        )}
        <div style={{ marginTop: 4, fontSize: 12 }}>
          {problem ? (
            <Typography.Text type="danger" role="alert" data-testid="runtime-write-error">
              {problem}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid="runtime-write-hint">
              {writeRangeText(t, signal)}
            </Typography.Text>
          )}
        </div>
      </div>
    </Modal>
  );
}
