/**
 * How the console shows times. Times on the wire are epoch milliseconds; the console shows them in the spec's base
 * timezone, China time, UTC+8 (Asia/Shanghai, which has had no daylight saving since 1991), whatever the browser's
 * own zone is, so two operators in different places read the same clock. A fixed +08:00 offset is used rather than
 * the IANA zone so the display needs no time-zone database in the browser.
 */

/** The spec's base offset: UTC+8, in minutes. */
export const BASE_OFFSET_MINUTES = 480;
const BASE_OFFSET_MS = BASE_OFFSET_MINUTES * 60_000;

export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock parts of `ms` in UTC+8. */
export function baseParts(ms: number) {
  const d = new Date(ms + BASE_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * `ms` as UTC+8 wall-clock text. `pattern` understands YYYY, MM, DD, HH, mm and ss (what the screen uses);
 * an unreadable time shows as '—'.
 */
export function formatBaseTime(ms: number | null | undefined, pattern: string = DATE_TIME): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const p = baseParts(ms);
  return pattern
    .replace('YYYY', String(p.year))
    .replace('MM', pad(p.month))
    .replace('DD', pad(p.day))
    .replace('HH', pad(p.hour))
    .replace('mm', pad(p.minute))
    .replace('ss', pad(p.second));
}

/** Wall-clock parts read in UTC+8, to epoch ms (the inverse of {@link baseParts}). */
export function epochFromBaseParts(p: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}): number {
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - BASE_OFFSET_MS;
}

/**
 * Date pickers work in the browser's zone. To let the operator pick UTC+8 wall-clock times, the picker holds a
 * local Date whose wall clock equals the UTC+8 one: {@link toPickerDate} builds it from epoch ms and
 * {@link fromPickerDate} reads it back.
 */
export function toPickerDate(ms: number): Date {
  const p = baseParts(ms);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

export function fromPickerDate(date: Date): number {
  return epochFromBaseParts({
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  });
}
