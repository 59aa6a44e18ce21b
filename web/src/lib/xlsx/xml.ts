/** Text made safe for the sheet's XML, and the A1 names of columns. */

/**
 * Characters XML 1.0 cannot hold at all (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF;
 * a surrogate without its pair): removed, as no escape can write them.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `text` as XML character data or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A cell's text: XML-escaped, and a literal `_xHHHH_` protected as `_x005F_xHHHH_` (spreadsheet programs read
 * `_xHHHH_` in a cell as the character HHHH, ECMA-376 §22.9.2.19).
 */
export function cellText(text: string): string {
  return escapeXml(text).replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');
}

/** The letters of column `index` (0 → A, 25 → Z, 26 → AA). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
