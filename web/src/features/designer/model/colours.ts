/**
 * The colour picker's rules (spec sections 4 and 9): 50 preset colours; a confirmed colour enters the recent
 * history, at most 20, newest first, kept in this browser under `colorsArr`. (The hex input's rule of section 5,
 * only 0-9 and a-f, empty is ffffff, needs a picker panel of our own: antd's input is used for now.)
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
