/**
 * What an operator reads about a write, the same on every screen that writes (the EG detail's write form, a
 * configuration page's buttons): the problem found by entities/signals/writeValidation and the allowed range under the
 * input. Permission and read-only use the server's own catalogue texts, so the browser and the server say the
 * same words.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '@/lib/api/errors';
import type { SignalEntry } from '@/generated/answers';
import { READ_ONLY_CODE, WRITE_PERMISSION_CODE, type WriteProblem } from './writeValidation';

/** A limit or a typed value as the operator wrote it (no rounding), with the unit. */
export function withUnit(value: number, unit: string | undefined): string {
  const u = unit?.trim();
  return u ? `${value} ${u}` : String(value);
}

export function useWriteProblemText() {
  const { t } = useTranslation();
  return (problem: WriteProblem, signal?: Pick<SignalEntry, 'unit'>): string => {
    switch (problem.kind) {
      case 'unbound':
        return t('monitor.write.unbound');
      case 'noPermission':
        return catalogueText(WRITE_PERMISSION_CODE) ?? t('monitor.write.noPermission');
      case 'readOnly':
        return catalogueText(READ_ONLY_CODE) ?? t('monitor.write.readOnly');
      case 'required':
        return t('monitor.write.required');
      case 'notNumber':
        return t('monitor.write.notNumber');
      case 'notBit':
        return t('monitor.write.notBit');
      case 'belowMin':
        return t('monitor.write.belowMin', { min: withUnit(problem.min, signal?.unit) });
      case 'aboveMax':
        return t('monitor.write.aboveMax', { max: withUnit(problem.max, signal?.unit) });
    }
  };
}

/** The values a signal takes, as a hint under a write input ("Allowed: 0 to 3000 (rpm)"). */
export function writeRangeText(t: TFunction, signal: Pick<SignalEntry, 'writable' | 'dataType' | 'min' | 'max' | 'unit'>): string {
  let text: string;
  if (!signal.writable) text = t('monitor.write.hintReadOnly');
  else if (signal.dataType === 'bool') text = t('monitor.write.hintBit');
  else if (signal.min !== null && signal.max !== null) text = t('monitor.write.hintRange', { min: signal.min, max: signal.max });
  else if (signal.min !== null) text = t('monitor.write.hintMin', { min: signal.min });
  else if (signal.max !== null) text = t('monitor.write.hintMax', { max: signal.max });
  else text = t('monitor.write.hintAny');
  const unit = signal.unit?.trim();
  return unit ? `${text} (${unit})` : text;
}
