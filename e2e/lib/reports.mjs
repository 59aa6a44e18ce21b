// What the browser tests of reports compare against the server's answers.

/**
 * A report value as the console writes it (web/src/entities/reports/format.ts `formatCell`, and the report charts'
 * tooltips): the column's digits, a count whole, running hours to the hundredth, "—" for none.
 */
export function shownCell(value, col) {
  if (value === null || value === undefined) return '—';
  const digits = col.statistic === 'count' ? 0 : col.statistic === 'onHours' ? 2 : col.decimals;
  const text = value.toFixed(digits);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}
