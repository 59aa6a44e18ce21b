/**
 * THE property description of every widget type: the fields an engineer edits, each described once (its kind,
 * limits, how it is read from a widget and written back), and per type which fields its panel shows, in sections.
 * The panel (editor/PropertyPanel.tsx) is drawn from this and nothing else, so a new type or field is one entry
 * here, not a new form. Writing a field answers a new widget (the old one untouched), which the editor commits as
 * one history step.
 *
 * The fields live by family in `fields/` (shared ones, dashboard and percent fill, state animation, charts, the XY
 * curve, the history and alarm tables, the flow bar) and `animationFields.ts`; the field kinds in
 * `fields/types.ts`. A type's settings are offered only where the viewer draws them (runtime/registry.ts), read
 * through the viewer's own readers, so what is designed is what runs.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import type { Widget } from '@/runtime/document';
import { ANIMATION_FIELDS } from './animationFields';
import { BASE_FIELDS } from './fields/base';
import { CHART_FIELDS } from './fields/charts';
import { REPORT_SOURCE_FIELDS } from './fields/reportSource';
import { FLOW_BAR_FIELDS } from './fields/flowBar';
import { GAUGE_FIELDS } from './fields/gauges';
import { MAP_FIELDS, MODEL_FIELDS } from './fields/mapModel';
import { STATE_ITEM_FIELDS } from './fields/stateItems';
import { TABLE_FIELDS } from './fields/tables';
import { WEATHER_FIELDS } from './fields/weather';
import { XY_FIELDS } from './fields/xyChart';
import { SELECT_VIDEO_FIELDS } from './fields/selectVideo';
import type { FieldDef } from './fields/types';

export type { BindableSignal, EquipmentChoice, FieldDef, FieldKind, MvarPick, Row, RowColumn, StatisticPick } from './fields/types';
export { bindingOf } from './fields/helpers';

const FIELDS: Record<string, FieldDef> = Object.fromEntries(
  [...BASE_FIELDS, ...GAUGE_FIELDS, ...STATE_ITEM_FIELDS, ...CHART_FIELDS, ...REPORT_SOURCE_FIELDS, ...XY_FIELDS, ...TABLE_FIELDS, ...FLOW_BAR_FIELDS, ...SELECT_VIDEO_FIELDS, ...MAP_FIELDS, ...MODEL_FIELDS, ...WEATHER_FIELDS, ...ANIMATION_FIELDS].map(
    (f) => [f.id, f],
  ),
);

export type SectionId = 'style' | 'text' | 'data' | 'click' | 'animation';
export interface Section {
  id: SectionId;
  fields: readonly FieldDef[];
}

/** Animations read the widget's bound signal: a type without a data section binds here. */
const ANIMATE = ANIMATION_FIELDS.map((f) => f.id);
const BOUND_ANIMATE = ['binding', ...ANIMATE];
const SHAPE = { style: ['opacity', 'fillEnable', 'fillColor', 'strokeEnable', 'strokeColor', 'strokeWidth', 'strokeDash'], animation: BOUND_ANIMATE };
const BOX = { style: [...SHAPE.style, 'radius'], animation: BOUND_ANIMATE };
const LINE = { style: ['opacity', 'strokeColor', 'strokeWidth', 'strokeDash'], animation: BOUND_ANIMATE };
const FONT = ['fontSize', 'fontWeight', 'color', 'align'];
const BOUND_RANGE = ['binding', 'minVal', 'maxVal'];
/** A click event: write a value, open a page, open a link (spec section 3). */
const CLICK = ['clickEnable', 'clickAction', 'clickSignal', 'writeType', 'writeValue', 'hint', 'hintValue', 'clickPage', 'link', 'target', 'clickWidth', 'clickHeight'];
/**
 * The charts (spec section 3, "Charts"): where their data comes from (live signals, a report, a custom report), the
 * signals or the report's view, then what each kind draws of its settings.
 */
const CHART_SIGNALS = ['chartSource', 'signalArray', 'reportView'];
const VALUE_AXIS = ['mode', 'chartMinVal', 'chartMaxVal'];
const CURVE = { style: ['opacity'], data: [...CHART_SIGNALS, ...VALUE_AXIS, 'timeRange', 'timeFormat'] };
const SLICES = { style: ['opacity'], data: [...CHART_SIGNALS, 'valueType'] };
/**
 * The tables (spec section 3, "History and alarm tables"): the window back from now, the roll, the pager, the range
 * picker and the export; their look is the box's background (headings included), border and text, as drawn.
 */
const TABLE = ['tableTimeRange', 'rollTime', 'tablePaged', 'tableFilterTime', 'tableExportExcel'];
const TABLE_LOOK = { style: ['opacity', 'fillEnable', 'fillColor', 'strokeEnable', 'strokeColor', 'strokeWidth'], text: ['fontSize', 'color'] };

/** Per type, the fields of each section; a type not listed shows the common style (opacity) only. */
const PANELS: Record<string, Partial<Record<SectionId, readonly string[]>>> = {
  WidgetGroup: { style: ['opacity'] },
  ShapeArrow: SHAPE,
  ShapeCircle: SHAPE,
  ShapeEllipse: SHAPE,
  ShapeLine: LINE,
  ShapeOctagon: SHAPE,
  ShapeRect: { ...BOX, click: CLICK },
  ShapeParallelogram: SHAPE,
  ShapePrism: SHAPE,
  ShapeTriangle: SHAPE,
  UsualText: { style: BOX.style, text: ['text', ...FONT], click: CLICK, animation: BOUND_ANIMATE },
  UsualDataText: { style: BOX.style, text: FONT, data: ['binding', 'valueText'], click: CLICK, animation: ANIMATE },
  UsualButton: { style: BOX.style, text: ['text', ...FONT], data: ['binding', 'buttonState'], click: CLICK, animation: ANIMATE },
  UsualTimer: { style: BOX.style, text: ['format', ...FONT] },
  UsualImage: { style: ['opacity'], data: ['url'], click: CLICK, animation: BOUND_ANIMATE },
  UsualDashboard: { style: ['opacity'], text: ['color'], data: [...BOUND_RANGE, 'gaugeType', 'gaugeColor', 'gaugeSteps'] },
  UsualPercentFill: {
    style: ['opacity', 'fillColor', 'strokeEnable', 'strokeColor', 'strokeWidth'],
    text: ['textType', 'fontSize', 'fontWeight', 'color'],
    data: [...BOUND_RANGE, 'percentType', 'orientation'],
  },
  // A flow bar: stripes in the fill colour, the border as shapes have it; no range (it compares, it does not scale).
  UsualScrollbar: {
    style: ['opacity', 'flowColor', 'strokeEnable', 'strokeColor', 'strokeWidth', 'strokeDash'],
    data: ['binding', 'flowSymbol', 'flowValue'],
  },
  UsualAnimation: {
    style: ['opacity'],
    text: FONT,
    data: ['binding', 'display', 'imgItems', 'textItems', 'cycleEnable', 'cycleSymbol', 'cycleValue', 'cycleSpeed'],
  },
  // The items write the bound signal (an item may name its own), which also says which item shows as chosen.
  UsualSelect: { style: BOX.style, text: FONT, data: ['binding', 'selectItems'] },
  ComplexVideo: {
    style: ['opacity'],
    data: ['videoType', 'videoHls', 'videoFlv', 'videoRtmp', 'videoSerial', 'videoChannel', 'videoPanTilt'],
  },
  ComplexLine: CURVE,
  ComplexArea: CURVE,
  ComplexBar: { style: ['opacity'], data: [...CHART_SIGNALS, ...VALUE_AXIS, 'barWidth'] },
  ComplexPie: SLICES,
  ComplexRing: SLICES,
  ComplexRose: SLICES,
  ComplexXyline: { style: ['opacity'], data: ['xSignal', 'ySignal', 'modeX', 'modeY', 'yMinVal', 'yMaxVal', 'timeRange'] },
  // Rows per instant or per period only for the history table: alarm records are events, not readings.
  ComplexHistory: { ...TABLE_LOOK, data: ['historySignals', ...TABLE, 'dimensionType', 'timeUnit'] },
  ComplexAlarm: { ...TABLE_LOOK, data: TABLE },
  // The weather: its place and title; the box's colours, border and font as the tables have them.
  ComplexWeather: {
    style: ['opacity', 'fillEnable', 'fillColor', 'strokeEnable', 'strokeColor', 'strokeWidth'],
    text: ['fontSize', 'color'],
    data: ['weatherPlace', 'weatherTitle'],
  },
  // The map (runtime/mapWidget.ts): which equipment, the view, the address label, the theme, the totals overlay.
  ComplexMap: {
    style: ['opacity'],
    data: ['mapEquipments', 'mapZoom', 'mapCentre', 'mapLatitude', 'mapLongitude', 'mapAddress', 'mapTheme', 'mapTotalCount', 'mapEquipProportion'],
  },
  // The 3D model (runtime/modelWidget.ts); a bound signal's fill-colour rows tint it.
  UsualWebgl: {
    style: ['opacity', 'modelBackground'],
    data: ['modelUrl', 'modelAutoRotate', 'modelRotateSpeed', 'modelDistance', 'modelAzimuth', 'modelElevation'],
    animation: ['binding', 'fillRuleEnable', 'fillRuleRules'],
  },
};

const SECTION_ORDER: readonly SectionId[] = ['style', 'text', 'data', 'click', 'animation'];

/** The panel's sections for a widget type, in order, empty ones left out. */
export function sectionsOf(widgetType: string): Section[] {
  const panel = PANELS[widgetType] ?? { style: ['opacity'] };
  return SECTION_ORDER.flatMap((id) => {
    const fields = (panel[id] ?? []).map((f) => FIELDS[f]).filter((f): f is FieldDef => f !== undefined);
    return fields.length > 0 ? [{ id, fields }] : [];
  });
}

/** Every field id (for the text check). */
export const FIELD_IDS: readonly string[] = Object.keys(FIELDS);
/** Every field (for the text check of options, columns and row buttons). */
export const ALL_FIELDS: readonly FieldDef[] = Object.values(FIELDS);
/** Every field id a panel names (must all exist). */
export const PANEL_FIELD_IDS: readonly string[] = [...new Set(Object.values(PANELS).flatMap((p) => Object.values(p).flat()))];
/** The widget types with a panel of their own. */
export const PANEL_TYPES: readonly string[] = Object.keys(PANELS);
/** The generated widget types (for the completeness check). */
export const WIDGET_TYPES: readonly string[] = widgetTypes.types.map((t) => t.type);

/** The widget with field `fieldId` set to `value`; the same widget when the field is not its or nothing changes. */
export function withField(w: Widget, fieldId: string, value: unknown): Widget {
  const field = FIELDS[fieldId];
  if (!field || !sectionsOf(w.widgetType).some((s) => s.fields.includes(field))) return w;
  const next = field.set(w, value);
  return JSON.stringify(next) === JSON.stringify(w) ? w : next;
}
