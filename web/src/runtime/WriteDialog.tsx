/**
 * The dialogs of a click-event write: "write this fixed value?" (the page's hint) and "which value?" (an input
 * checked against spec section 5 before anything is sent), and the texts of the write problems.
 */
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { catalogueText } from '@/lib/api/errors';
import type { RuntimeSignal } from './types';
import { READ_ONLY_CODE, WRITE_PERMISSION_CODE, checkWriteValue, type WriteProblem } from './writeRules';

/** A value with the signal's unit ("12.5 bar"), as the operator typed it (no rounding). */
export function withUnit(value: number, unit: string): string {
  const u = unit?.trim();
  return u ? `${value} ${u}` : String(value);
}

/** The operator's text for a write problem; permission and read-only use the server's own catalogue texts. */
export function useWriteProblemText() {
  const { t } = useTranslation();
  return (problem: WriteProblem, signal?: RuntimeSignal): string => {
    const unit = signal?.unit ?? '';
    switch (problem.kind) {
      case 'unbound':
        return t('runtime.write.unbound');
      case 'noPermission':
        return catalogueText(WRITE_PERMISSION_CODE) ?? t('runtime.write.noPermission');
      case 'readOnly':
        return catalogueText(READ_ONLY_CODE) ?? t('runtime.write.readOnly');
      case 'required':
        return t('runtime.write.required');
      case 'notNumber':
        return t('runtime.write.notNumber');
      case 'belowMin':
        return t('runtime.write.belowMin', { min: withUnit(problem.min, unit) });
      case 'aboveMax':
        return t('runtime.write.aboveMax', { max: withUnit(problem.max, unit) });
    }
  };
}

function rangeText(t: TFunction, signal: RuntimeSignal): string {
  let text: string;
  if (signal.min !== null && signal.max !== null) text = t('runtime.write.hintRange', { min: signal.min, max: signal.max });
  else if (signal.min !== null) text = t('runtime.write.hintMin', { min: signal.min });
  else if (signal.max !== null) text = t('runtime.write.hintMax', { max: signal.max });
  else text = t('runtime.write.hintAny');
  return signal.unit?.trim() ? `${text} (${signal.unit.trim()})` : text;
}

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
        <Typography.Paragraph>{question.trim() || t('runtime.write.confirmText', { signal: signal.title, value: withUnit(value, signal.unit) })}</Typography.Paragraph>
        {question.trim() && (
          <Typography.Text type="secondary">
            {t('runtime.write.confirmDetail', { signal: signal.title, value: withUnit(value, signal.unit) })}
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
    const check = checkWriteValue(signal, input);
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
        <div style={{ marginTop: 4, fontSize: 12 }}>
          {problem ? (
            <Typography.Text type="danger" role="alert" data-testid="runtime-write-error">
              {problem}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid="runtime-write-hint">
              {rangeText(t, signal)}
            </Typography.Text>
          )}
        </div>
      </div>
    </Modal>
  );
}
