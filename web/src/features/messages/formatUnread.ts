/** The largest unread count shown as a number; above it the badge reads '99+' (spec section 9). */
export const MAX_SHOWN_UNREAD = 99;

/**
 * The unread badge's text: '' when there is nothing unread (no badge), the number up to 99, '99+' above.
 * Anything that is not a finite number counts as nothing unread.
 */
export function formatUnread(count: number | null | undefined): string {
  if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) return '';
  const whole = Math.floor(count);
  if (whole <= 0) return '';
  return whole > MAX_SHOWN_UNREAD ? `${MAX_SHOWN_UNREAD}+` : String(whole);
}
