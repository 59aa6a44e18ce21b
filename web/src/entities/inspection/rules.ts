/**
 * Inspection worksheets' rules (docs/work-orders.md, the inspection half), mirrored from the server: the statuses,
 * the step table (crates/domain/src/inspection.rs `STEPS`, generated into contract.json `inspectionSteps`), how a
 * result is judged (a check marked abnormal, a number outside its item's bounds) and the repair order's description
 * made from an abnormal result. The server judges again on submission; these only show the same answer sooner.
 */
import contract from '@/generated/contract.json';
import type { WorksheetItem } from '@/generated/answers';

export type InspectionStatus = 'not-started' | 'aborted' | 'normal' | 'abnormal';
export type InspectionAction = 'save' | 'submit' | 'abort';
export type ResultKind = WorksheetItem['kind'];

export interface InspectionStep {
  action: InspectionAction;
  from: InspectionStatus;
  to: InspectionStatus[];
  by: 'inspector' | 'manager';
  requires: string | null;
}

export const INSPECTION_STEPS = contract.inspectionSteps as readonly InspectionStep[];

/** Every status, in the spec's order (section 4). */
export const INSPECTION_STATUSES: readonly InspectionStatus[] = ['not-started', 'aborted', 'normal', 'abnormal'];

export const RESULT_KINDS: readonly ResultKind[] = ['check', 'number', 'text'];

/** A result's judgement: `null` while blank or not a value of its kind, else whether it is abnormal. */
export function judge(item: Pick<WorksheetItem, 'kind' | 'minValue' | 'maxValue'>, value: string): boolean | null {
  const v = value.trim();
  if (v === '') return null;
  switch (item.kind) {
    case 'check':
      return v === 'abnormal' ? true : v === 'normal' ? false : null;
    case 'number': {
      const n = Number(v);
      if (!Number.isFinite(n)) return null;
      return (item.minValue !== null && n < item.minValue) || (item.maxValue !== null && n > item.maxValue);
    }
    default:
      return false;
  }
}

/** True when every check and number item of every equipment has a value (what a submission needs). */
export function isComplete(
  equipmentIds: readonly number[],
  items: readonly Pick<WorksheetItem, 'id' | 'kind'>[],
  valueOf: (equipmentId: number, itemId: number) => string,
): boolean {
  return equipmentIds.every((e) => items.filter((i) => i.kind !== 'text').every((i) => valueOf(e, i.id).trim() !== ''));
}

/** The key of one result in a form: the equipment and the item. */
export function resultKey(equipmentId: number, itemId: number): string {
  return `${equipmentId}:${itemId}`;
}

/** An item's expected range as text: "2–4.5 bar", "≥ 2", "≤ 4.5 bar", or '' without bounds. */
export function rangeText(item: Pick<WorksheetItem, 'minValue' | 'maxValue' | 'unit'>): string {
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.minValue !== null && item.maxValue !== null) return `${item.minValue}–${item.maxValue}${unit}`;
  if (item.minValue !== null) return `≥ ${item.minValue}${unit}`;
  if (item.maxValue !== null) return `≤ ${item.maxValue}${unit}`;
  return '';
}

/** The repair order's description made from an abnormal result: the item, the value against its range, the note. */
export function repairDescription(
  item: Pick<WorksheetItem, 'name' | 'kind' | 'minValue' | 'maxValue' | 'unit'>,
  value: string,
  remark: string,
  abnormalWord: string,
  worksheetNumber: string,
): string {
  const range = rangeText(item);
  const shown = item.kind === 'check' ? abnormalWord : `${value}${item.unit ? ` ${item.unit}` : ''}${range ? ` (${range})` : ''}`;
  return [`${worksheetNumber} ${item.name}: ${shown}`, remark.trim()].filter(Boolean).join(' — ');
}

/** "HH:MM" of minutes after midnight. */
export function timeOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
