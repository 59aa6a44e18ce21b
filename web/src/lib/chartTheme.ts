/**
 * What every chart of the console shares, kept apart from ECharts itself so option builders can be imported (and
 * tested) without loading it: the option type and the colour theme.
 */

/** An ECharts option object (kept untyped so option builders do not load ECharts). */
export type ChartOption = Record<string, unknown>;

/** Ten colours, one per signal (spec section 9: chart themes are lists of 10 colours). */
export const CHART_COLOURS = [
  '#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2',
  '#722ed1', '#fadb14', '#a0d911', '#2f54eb', '#f5222d',
] as const;
