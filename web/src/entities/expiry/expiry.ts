/**
 * Expiry dates of equipment and gateways (docs/messages.md, "Expire messages"): a calendar day `YYYY-MM-DD` in
 * China time (UTC+8, the plants' time zone), counted the way the server counts it (crates/domain/src/expiry.rs),
 * so the tag in a list and the server's messages agree on "expires in 7 days" whatever the browser's zone.
 */
import { BASE_OFFSET_MINUTES } from '@/lib/chinaTime';

/** Within this many days an expiry date is shown as coming; beyond it the date is shown plain. */
export const WARN_DAYS = 30;

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = BASE_OFFSET_MINUTES * 60_000;

/** The day number (days since 1970-01-01) of a `YYYY-MM-DD` text, or null when it is not one. */
export function dayOf(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return Math.round(ms / DAY_MS);
}

/** Today's day number in China time at `nowMs`. */
export function chinaToday(nowMs: number): number {
  return Math.floor((nowMs + CHINA_OFFSET_MS) / DAY_MS);
}

/** Days from today (China time) to `date`: negative once it has passed; null for no (or an unreadable) date. */
export function daysLeft(date: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (!date) return null;
  const day = dayOf(date);
  return day === null ? null : day - chinaToday(nowMs);
}

/** How an expiry date reads: far off (plain), coming within 30 days, today, or past. */
export type ExpiryState =
  | { kind: 'none' }
  | { kind: 'far'; days: number }
  | { kind: 'soon'; days: number }
  | { kind: 'today' }
  | { kind: 'expired'; days: number };

export function expiryState(date: string | null | undefined, nowMs: number = Date.now()): ExpiryState {
  const days = daysLeft(date, nowMs);
  if (days === null) return { kind: 'none' };
  if (days < 0) return { kind: 'expired', days: -days };
  if (days === 0) return { kind: 'today' };
  return days <= WARN_DAYS ? { kind: 'soon', days } : { kind: 'far', days };
}
