/**
 * The configuration page document's types and defaults (docs/page-document.md), as the viewer, the designer and the
 * parser (document.ts, which re-exports them) read it.
 */
import widgetTypes from '@/generated/widgetTypes.json';

// ---------------------------------------------------------------------------------------------------------------
// Types

export type FitMode = 'container' | 'width' | 'height' | 'stretch' | 'none';
/** The fit modes the server takes (generated from the domain crate); a test checks they are exactly `FitMode`'s. */
export const FIT_MODES = widgetTypes.fits as readonly FitMode[];

/** Canvas options (`con`). */
export interface PageCon {
  width: number;
  height: number;
  fit: FitMode;
  bgColor: string;
  bgImage: string;
  /** Fields the contract does not name, kept as they were. */
  extra: Record<string, unknown>;
}

export type ConditionSymbol = '==' | '!=' | '>' | '>=' | '<' | '<=';
export const CONDITION_SYMBOLS: readonly ConditionSymbol[] = ['==', '!=', '>', '>=', '<', '<='];

/** A comparison with the bound signal's value. `value` is NaN when the document's value is not a number. */
export interface Condition {
  symbol: ConditionSymbol;
  value: number;
}

/**
 * A data binding (`data`, `clickEvent.config.data`). `signal` bindings carry a signal's value; `system` bindings
 * a project's statistic (runtime/systemKeys.ts), `mvar` bindings one of its intermediate variables
 * (runtime/mvars.ts), both on a project's page only. A `report` binding binds a chart to a report of `equipId`
 * (runtime/reportCharts.ts, where its report fields are read from `data.extra`); a single-value widget shows no value
 * for it.
 */
export interface Binding {
  /** 'signal', 'report', 'system', 'mvar'; '' when nothing is bound. */
  type: string;
  equipId: number | null;
  signalId: number | null;
  title: string;
  subTitle: string;
  /** A `system` binding's statistic (runtime/systemKeys.ts `SYSTEM_KEYS`); absent on the other kinds. */
  systemKey?: string;
  /** An `mvar` binding's intermediate variable of the page's project (runtime/mvars.ts); absent on the other kinds. */
  mvarId?: number | null;
}

export interface GaugeStep {
  value: number;
  color: string;
}

export type Orientation = 'bt' | 'tb' | 'lr' | 'rl';

/** `data.dataAddon` of the dashboard and the percent fill (the fields each does not use keep their defaults). */
export interface DataAddon {
  /** Dashboard: monochrome | multistage. Percent fill: rectangleChart | capacityChart | doughnutChart. */
  type: string;
  minVal: number;
  maxVal: number;
  steps: GaugeStep[];
  orientation: Orientation;
  extra: Record<string, unknown>;
}

/** One state of a UsualAnimation: shown while its condition holds. */
export interface StateItem extends Condition {
  url: string;
  text: string;
}

/** `data`: the binding plus the widget-specific settings. Fields the contract does not name stay in `extra`. */
export interface WidgetData extends Binding {
  text: string;
  url: string;
  format: string;
  dataAddon: DataAddon;
  display: 'image' | 'text';
  imgItems: StateItem[];
  textItems: StateItem[];
  /** Chart bindings (`signalArray`): the signals a chart widget draws (widgets/charts.tsx); binding repair clears stale ones. */
  signalArray: Binding[] | undefined;
  /** A project page's chart statistics (`systemArray`, spec section 3: system bindings), drawn after the signals. */
  systemArray: Binding[] | undefined;
  /** A project page's chart intermediate variables (`mvarArray`, spec section 3: mvar bindings), drawn last. */
  mvarArray: Binding[] | undefined;
  extra: Record<string, unknown>;
}

export interface Position {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0 to 360 degrees, about the widget's centre. */
  rotate: number;
  r?: number;
  rx?: number;
  ry?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  x3?: number;
  y3?: number;
}

export type Align = 'left' | 'center' | 'right';

export interface WidgetStyle {
  opacity: number;
  fill: { enable: boolean; color: string };
  stroke: { enable: boolean; color: string; width: number; dasharray: string };
  radius: number;
  font: { size: number; weight: string; family: string };
  color: string;
  align: Align;
  /** UsualImage: how the picture fills its box (contain, cover, fill); '' means contain. */
  fit: string;
  extra: Record<string, unknown>;
}

export type ClickAction = 'write' | 'page' | 'link';

export interface ClickConfig {
  action: ClickAction;
  data: Binding;
  writeType: 'fixed' | 'input';
  /** The fixed value; null when the document's value is not a number (the write is then refused). */
  writeValue: number | null;
  hint: boolean;
  hintValue: string;
  delay: { enable: boolean; value: number };
  feedback: boolean;
  pageId: number | null;
  link: string;
  target: '_self' | '_blank';
  /** The size of the window a `_blank` link opens (spec section 3: 600 × 600 unless the page says otherwise). */
  width: number;
  height: number;
  /**
   * How a press acts (spec section 3: `set1` by default). Kept and written back as the page says; the viewer runs a
   * click on release whatever it holds (the spec names no other behaviour).
   */
  pressType: string;
  extra: Record<string, unknown>;
}

/** Spec section 3, "Click event": the size of the window it opens and its press type when the page says nothing. */
export const CLICK_WINDOW_SIZE = 600;
export const DEFAULT_PRESS_TYPE = 'set1';

export interface ClickEvent {
  enable: boolean;
  config: ClickConfig;
}

export interface ColorRule extends Condition {
  color: string;
}

export interface Animation {
  visiable?: Condition & { enable: boolean; visiable: 'hide' | 'show' };
  twinkle?: Condition & { enable: boolean; twinkleType: 'visiable' | 'fill' | 'stroke' | 'font'; color: string };
  rotate?: Condition & { enable: boolean; direction: 1 | -1; speed: number };
  fillColor?: { enable: boolean; dataArray: ColorRule[] };
  borderColor?: { enable: boolean; dataArray: ColorRule[] };
  fontColor?: { enable: boolean; dataArray: ColorRule[] };
}

export interface Widget {
  id: string;
  textId: string;
  widgetType: string;
  /** False when `widgetType` is not in the generated list: kept, drawn as an "unknown widget". */
  knownType: boolean;
  widgetName: string;
  posLock: boolean;
  position: Position;
  /** ShapeLine: at least 2 points in canvas units (a straight line across the box when the document has none). */
  points: Array<[number, number]>;
  style: WidgetStyle;
  data: WidgetData;
  clickEvent: ClickEvent;
  animation: Animation;
  /** WidgetGroup: its widgets, positions in canvas units. */
  children: Widget[];
  extra: Record<string, unknown>;
}

export interface PageBind {
  equips: unknown[];
  signals: unknown[];
  keys: unknown[];
  mvars: unknown[];
}

export interface PageDocument {
  con: PageCon;
  widgets: Widget[];
  bind: PageBind;
  extra: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------
// Defaults

/** A new page's canvas; its size is the server's default (crates/domain/src/page, generated widgetTypes.json). */
export const DEFAULT_CON = {
  width: widgetTypes.defaultWidth,
  height: widgetTypes.defaultHeight,
  fit: 'container',
  bgColor: '#FFFFFF',
  bgImage: '',
} as const;
/** The canvas size's bounds, the server's (generated widgetTypes.json): the designer refuses what it would. */
export const CANVAS_MIN: number = widgetTypes.minCanvas;
export const CANVAS_MAX: number = widgetTypes.maxCanvas;
export const DEFAULT_TIMER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The colour rules' defaults (spec section 3): == 0 red, == 1 yellow. */
export const DEFAULT_COLOR_RULES: readonly ColorRule[] = [
  { symbol: '==', value: 0, color: '#FF0000' },
  { symbol: '==', value: 1, color: '#FFFF00' },
];

/** The dashboard's multistage defaults (spec section 3: steps 25, 50, 75, 100 with colours). */
export const DEFAULT_GAUGE_STEPS: readonly GaugeStep[] = [
  { value: 25, color: '#52C41A' },
  { value: 50, color: '#1677FF' },
  { value: 75, color: '#FAAD14' },
  { value: 100, color: '#FF4D4F' },
];
