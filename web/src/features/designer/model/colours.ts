/**
 * The colour picker's rules (spec sections 4, 5 and 9): 50 preset colours; a confirmed colour enters the recent
 * history, at most 20, newest first, kept in this browser under `colorsArr`; the hex input keeps only 0-9 and a-f
 * (either case), empty means ffffff; the alpha is a whole percentage from 0 to 100.
 */

/** Ten hues in five shades, light to dark, then greys: 50 colours. */
export const PRESET_COLOURS: readonly string[] = [
  '#FFFFFF', '#F2F2F2', '#D9D9D9', '#BFBFBF', '#8C8C8C', '#595959', '#434343', '#262626', '#141414', '#000000',
  '#FFF1F0', '#FFCCC7', '#FF7875', '#F5222D', '#A8071A', '#FFF7E6', '#FFD591', '#FFA940', '#FA8C16', '#AD4E00',
  '#FEFFE6', '#FFFB8F', '#FFEC3D', '#FADB14', '#AD8B00', '#F6FFED', '#D9F7BE', '#95DE64', '#52C41A', '#237804',
  '#E6FFFB', '#B5F5EC', '#5CDBD3', '#13C2C2', '#006D75', '#E6F4FF', '#BAE0FF', '#69B1FF', '#1677FF', '#003EB3',
  '#F9F0FF', '#EFDBFF', '#B37FEB', '#722ED1', '#391085', '#FFF0F6', '#FFD6E7', '#FF85C0', '#EB2F96', '#9E1068',
];

export const RECENT_KEY = 'colorsArr';
export const RECENT_MAX = 20;

/** The recent colours with `colour` in front (once, compared without case), at most {@link RECENT_MAX}. */
export function withRecent(recent: readonly string[], colour: string): string[] {
  const upper = colour.toUpperCase();
  return [upper, ...recent.filter((c) => c.toUpperCase() !== upper)].slice(0, RECENT_MAX);
}

export function readRecent(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((c): c is string => typeof c === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function writeRecent(recent: readonly string[], storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(recent));
  } catch {
    // A full or blocked storage only forgets the history.
  }
}

/** What the hex input keeps of a typed or pasted text: its hex digits, at most six. */
export function cleanHex(text: string): string {
  return text.replace(/[^0-9a-fA-F]/g, '').slice(0, 6);
}

/** The alpha as a whole percentage from 0 to 100, or null when the text is no number. */
export function cleanAlpha(value: number): number | null {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : null;
}

/**
 * The colour a hex input and an alpha give, written as the designer stores colours: `#RRGGBB`, or `#RRGGBBAA`
 * when not opaque. Empty is ffffff; three digits are the short form (`abc` is `AABBCC`); any other length than 0, 3
 * or 6 is no colour yet (null: the field says so and nothing changes).
 */
export function hexColour(hex: string, alphaPercent: number): string | null {
  const digits = cleanHex(hex);
  const full =
    digits.length === 0 ? 'FFFFFF' : digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.length === 6 ? digits : null;
  const alpha = cleanAlpha(alphaPercent);
  if (full === null || alpha === null) return null;
  const suffix = alpha === 100 ? '' : Math.round((alpha * 255) / 100).toString(16).padStart(2, '0');
  return `#${full}${suffix}`.toUpperCase();
}

/** A stored colour's hex digits and alpha percentage, for the inputs (anything unreadable is opaque white). */
export function splitColour(colour: string): { hex: string; alpha: number } {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(colour.trim());
  if (!match) return { hex: 'FFFFFF', alpha: 100 };
  const alpha = match[2] === undefined ? 100 : Math.round((parseInt(match[2], 16) * 100) / 255);
  return { hex: match[1]!.toUpperCase(), alpha };
}
