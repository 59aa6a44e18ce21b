/**
 * The organisation's shifts, which a report's shift view cuts a day into (crates/domain/src/report.rs, `Shift`): a
 * name and a start and an end in minutes after midnight, China time; an end at or before its start runs past
 * midnight. Three of eight hours until an administrator sets them. The same rules as the server's, so the editor
 * says what is wrong before saving; the server checks again and names the field it refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { Limits } from '@/lib/api/limits';
import type { Shift } from '@/generated/answers';
import { reportKeys } from './keys';

export const SHIFTS_MAX = Limits.ShiftsPerDay;
export const SHIFT_NAME_MAX = Limits.ShiftNameChars;

const DAY_MINUTES = 24 * 60;

/** `HH:mm` of minutes after midnight. */
export function minuteText(minute: number): string {
  const m = ((Math.trunc(minute) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of `HH:mm`, or null. */
export function textMinute(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** A shift's length in minutes: a whole day when it ends where it starts. */
export function shiftMinutes(shift: Pick<Shift, 'startMinute' | 'endMinute'>): number {
  const length = (((shift.endMinute - shift.startMinute) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return length === 0 ? DAY_MINUTES : length;
}

/** Whether a shift runs past midnight (it ends at or before its start, and not at midnight itself). */
export function crossesMidnight(shift: Pick<Shift, 'startMinute' | 'endMinute'>): boolean {
  return shift.endMinute !== 0 && shift.endMinute <= shift.startMinute;
}

export type ShiftsProblem =
  | { kind: 'none' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'nameRequired'; index: number }
  | { kind: 'nameTooLong'; index: number; max: number }
  | { kind: 'overlap'; index: number; other: number };

/** The first thing the server would refuse in `shifts` (in its order of checks), or null. */
export function checkShifts(shifts: readonly Shift[]): ShiftsProblem | null {
  if (shifts.length === 0) return { kind: 'none' };
  if (shifts.length > SHIFTS_MAX) return { kind: 'tooMany', max: SHIFTS_MAX };
  const owner = new Array<number>(DAY_MINUTES).fill(-1);
  for (const [index, shift] of shifts.entries()) {
    const name = [...shift.name.trim()].length;
    if (name === 0) return { kind: 'nameRequired', index };
    if (name > SHIFT_NAME_MAX) return { kind: 'nameTooLong', index, max: SHIFT_NAME_MAX };
    for (let m = 0; m < shiftMinutes(shift); m++) {
      const slot = (shift.startMinute + m) % DAY_MINUTES;
      const other = owner[slot] as number;
      if (other >= 0) return { kind: 'overlap', index, other };
      owner[slot] = index;
    }
  }
  return null;
}

/** POST /lfscada/report/shifts/query → the organisation's shifts (the default three until set). */
export function useShifts(enabled = true) {
  return useQuery<Shift[], ApiError>({
    queryKey: reportKeys.shifts,
    queryFn: ({ signal }) => post<Shift[]>('/lfscada/report/shifts/query', {}, { silent: true, signal }),
    enabled,
  });
}

/**
 * POST /lfscada/report/shifts/save {shifts: JSON of [{name, startMinute, endMinute}]} (administrators). Silent: the
 * editor marks what the server refused. Shift views read since then are stale.
 */
export function useSaveShifts() {
  const client = useQueryClient();
  return useMutation<null, ApiError, Shift[]>({
    mutationFn: (shifts) =>
      post<null>(
        '/lfscada/report/shifts/save',
        { shifts: JSON.stringify(shifts.map((s) => ({ name: s.name.trim(), startMinute: s.startMinute, endMinute: s.endMinute }))) },
        { silent: true },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reportKeys.shifts });
      void client.invalidateQueries({ queryKey: ['reports', 'table'] });
    },
  });
}
