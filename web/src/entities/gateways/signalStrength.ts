/**
 * Signal strength bands (spec section 9): 70–100 very good, 50–70 good, 30–50 fair (may drop), under 30 bad.
 * Shared by every screen that shows a gateway's modem level (the gateway registry, the monitor's cards).
 */

export type StrengthBand = 'veryGood' | 'good' | 'fair' | 'bad';

/** The band of a 0–100 strength; null when the gateway reports none. */
export function strengthBand(strength: number | null | undefined): StrengthBand | null {
  if (strength === null || strength === undefined || !Number.isFinite(strength)) return null;
  if (strength >= 70) return 'veryGood';
  if (strength >= 50) return 'good';
  if (strength >= 30) return 'fair';
  return 'bad';
}
