/**
 * THE property description of every widget type: the fields an engineer edits, each described once (its kind,
 * limits, how it is read from a widget and written back), and per type which fields its panel shows, in sections.
 * The panel (editor/PropertyPanel.tsx) is drawn from this and nothing else, so a new type or field is one entry
 * here, not a new form. Writing a field answers a new widget (the old one untouched), which the editor commits as
 * one history step.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import type { Align, Widget } from '@/runtime/document';
import { ANIMATION_FIELDS } from './animationFields';

export type FieldKind =
  | { kind: 'number'; min: number; max: number; step: number }
  | { kind: 'colour' }
  | { kind: 'text'; max: number; multiline?: boolean }
  | { kind: 'switch' }
  /** `literal`: the options are shown as they are (comparison symbols), not as texts. */
  | { kind: 'choice'; options: readonly string[]; literal?: boolean }
  /** Colour rules: rows of comparison symbol, value and colour. */
  | { kind: 'rules' }
  /** A signal of the page's equipment (only those that may be written, for a write). */
  | { kind: 'signal'; writableOnly?: boolean }
  /** Another page of the equipment. */
  | { kind: 'page' };

export interface FieldDef {
  /** Also names its label: `designer.field.<id>` (and `designer.option.<id>.<option>` for a choice). */
  id: string;
  type: FieldKind;
  get(w: Widget): unknown;
  set(w: Widget, value: unknown): Widget;
  /** Whether the field applies to the widget as it is now (a write's value only for a fixed write, …). */
  shown?(w: Widget): boolean;
}

const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const style = (w: Widget, patch: Partial<Widget['style']>): Widget => ({ ...w, style: { ...w.style, ...patch } });
const data = (w: Widget, patch: Partial<Widget['data']>): Widget => ({ ...w, data: { ...w.data, ...patch } });

/** A signal as the binding picker offers it. */
export interface BindableSignal {
  id: number;
  equipId: number;
  title: string;
  equipTitle: string;
  /** How the picker lists it (name, unit, read/write); the title when absent. */
  label?: string;
  writable?: boolean;
}

const click = (w: Widget, patch: Partial<Widget['clickEvent']['config']>): Widget => ({
  ...w,
  clickEvent: { ...w.clickEvent, config: { ...w.clickEvent.config, ...patch } },
});
const clicking = (w: Widget, action?: string) => w.clickEvent.enable && (action === undefined || w.clickEvent.config.action === action);
/** The binding to `signal`, or none (`null`), with the signal's and the equipment's titles. */
const bindingOf = (signal: BindableSignal | null) =>
  signal
    ? { type: 'signal', equipId: signal.equipId, signalId: signal.id, title: signal.title, subTitle: signal.equipTitle }
    : { type: '', equipId: null, signalId: null, title: '', subTitle: '' };

const FIELDS: Record<string, FieldDef> = Object.fromEntries(
  (
    [
      { id: 'opacity', type: { kind: 'number', min: 0, max: 1, step: 0.1 }, get: (w) => w.style.opacity, set: (w, v) => style(w, { opacity: num(v, 1) }) },
      { id: 'fillEnable', type: { kind: 'switch' }, get: (w) => w.style.fill.enable, set: (w, v) => style(w, { fill: { ...w.style.fill, enable: v === true } }) },
      { id: 'fillColor', type: { kind: 'colour' }, get: (w) => w.style.fill.color, set: (w, v) => style(w, { fill: { ...w.style.fill, color: text(v) } }) },
      { id: 'strokeEnable', type: { kind: 'switch' }, get: (w) => w.style.stroke.enable, set: (w, v) => style(w, { stroke: { ...w.style.stroke, enable: v === true } }) },
      { id: 'strokeColor', type: { kind: 'colour' }, get: (w) => w.style.stroke.color, set: (w, v) => style(w, { stroke: { ...w.style.stroke, color: text(v) } }) },
      {
        id: 'strokeWidth',
        type: { kind: 'number', min: 0, max: 50, step: 1 },
        get: (w) => w.style.stroke.width,
        set: (w, v) => style(w, { stroke: { ...w.style.stroke, width: num(v, 1) } }),
      },
      {
        id: 'strokeDash',
        type: { kind: 'choice', options: ['solid', 'dashed', 'dotted'] },
        get: (w) => dashName(w.style.stroke.dasharray),
        set: (w, v) => style(w, { stroke: { ...w.style.stroke, dasharray: DASHES[text(v)] ?? '' } }),
      },
      { id: 'radius', type: { kind: 'number', min: 0, max: 500, step: 1 }, get: (w) => w.style.radius, set: (w, v) => style(w, { radius: num(v, 0) }) },
      { id: 'text', type: { kind: 'text', max: 500, multiline: true }, get: (w) => w.data.text, set: (w, v) => data(w, { text: text(v) }) },
      {
        id: 'fontSize',
        type: { kind: 'number', min: 8, max: 200, step: 1 },
        get: (w) => w.style.font.size,
        set: (w, v) => style(w, { font: { ...w.style.font, size: num(v, 14) } }),
      },
      {
        id: 'fontWeight',
        type: { kind: 'choice', options: ['normal', 'bold'] },
        get: (w) => (w.style.font.weight === 'bold' ? 'bold' : 'normal'),
        set: (w, v) => style(w, { font: { ...w.style.font, weight: text(v) || 'normal' } }),
      },
      { id: 'color', type: { kind: 'colour' }, get: (w) => w.style.color, set: (w, v) => style(w, { color: text(v) }) },
      {
        id: 'align',
        type: { kind: 'choice', options: ['left', 'center', 'right'] },
        get: (w) => w.style.align,
        set: (w, v) => style(w, { align: (['left', 'center', 'right'].includes(text(v)) ? v : 'center') as Align }),
      },
      { id: 'binding', type: { kind: 'signal' }, get: (w) => w.data.signalId, set: (w, v) => data(w, bindingOf(v as BindableSignal | null)) },
      {
        id: 'minVal',
        type: { kind: 'number', min: -1e9, max: 1e9, step: 1 },
        get: (w) => w.data.dataAddon.minVal,
        set: (w, v) => data(w, { dataAddon: { ...w.data.dataAddon, minVal: num(v, 0) } }),
      },
      {
        id: 'maxVal',
        type: { kind: 'number', min: -1e9, max: 1e9, step: 1 },
        get: (w) => w.data.dataAddon.maxVal,
        set: (w, v) => data(w, { dataAddon: { ...w.data.dataAddon, maxVal: num(v, 100) } }),
      },
      { id: 'url', type: { kind: 'text', max: 2048 }, get: (w) => w.data.url, set: (w, v) => data(w, { url: text(v).trim() }) },
      { id: 'format', type: { kind: 'text', max: 64 }, get: (w) => w.data.format, set: (w, v) => data(w, { format: text(v) }) },
      {
        id: 'clickEnable',
        type: { kind: 'switch' },
        get: (w) => w.clickEvent.enable,
        set: (w, v) => ({ ...w, clickEvent: { ...w.clickEvent, enable: v === true } }),
      },
      {
        id: 'clickAction',
        type: { kind: 'choice', options: ['write', 'page', 'link'] },
        get: (w) => w.clickEvent.config.action,
        set: (w, v) => click(w, { action: (['write', 'page', 'link'].includes(text(v)) ? v : 'write') as 'write' }),
        shown: (w) => clicking(w),
      },
      {
        id: 'clickSignal',
        type: { kind: 'signal', writableOnly: true },
        get: (w) => w.clickEvent.config.data.signalId,
        set: (w, v) => click(w, { data: bindingOf(v as BindableSignal | null) }),
        shown: (w) => clicking(w, 'write'),
      },
      {
        id: 'writeType',
        type: { kind: 'choice', options: ['fixed', 'input'] },
        get: (w) => w.clickEvent.config.writeType,
        set: (w, v) => click(w, { writeType: v === 'input' ? 'input' : 'fixed' }),
        shown: (w) => clicking(w, 'write'),
      },
      {
        id: 'writeValue',
        type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
        get: (w) => w.clickEvent.config.writeValue,
        set: (w, v) => click(w, { writeValue: typeof v === 'number' && Number.isFinite(v) ? v : null }),
        shown: (w) => clicking(w, 'write') && w.clickEvent.config.writeType === 'fixed',
      },
      {
        id: 'hint',
        type: { kind: 'switch' },
        get: (w) => w.clickEvent.config.hint,
        set: (w, v) => click(w, { hint: v === true }),
        shown: (w) => clicking(w, 'write'),
      },
      {
        id: 'hintValue',
        type: { kind: 'text', max: 100 },
        get: (w) => w.clickEvent.config.hintValue,
        set: (w, v) => click(w, { hintValue: text(v) }),
        shown: (w) => clicking(w, 'write') && w.clickEvent.config.hint,
      },
      {
        id: 'clickPage',
        type: { kind: 'page' },
        get: (w) => w.clickEvent.config.pageId,
        set: (w, v) => click(w, { pageId: typeof v === 'number' ? v : null }),
        shown: (w) => clicking(w, 'page'),
      },
      {
        id: 'link',
        type: { kind: 'text', max: 2048 },
        get: (w) => w.clickEvent.config.link,
        set: (w, v) => click(w, { link: text(v).trim() }),
        shown: (w) => clicking(w, 'link'),
      },
      {
        id: 'target',
        type: { kind: 'choice', options: ['_self', '_blank'] },
        get: (w) => w.clickEvent.config.target,
        set: (w, v) => click(w, { target: v === '_blank' ? '_blank' : '_self' }),
        shown: (w) => clicking(w, 'link'),
      },
    ] satisfies FieldDef[]
  )
    .map((f): FieldDef => f)
    .concat(ANIMATION_FIELDS)
    .map((f) => [f.id, f]),
);

const DASHES: Record<string, string> = { solid: '', dashed: '8 4', dotted: '2 2' };

function dashName(dasharray: string): string {
  const found = Object.entries(DASHES).find(([, dash]) => dash === dasharray.trim());
  return found ? found[0] : 'dashed';
}

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
const CLICK = ['clickEnable', 'clickAction', 'clickSignal', 'writeType', 'writeValue', 'hint', 'hintValue', 'clickPage', 'link', 'target'];

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
  UsualDataText: { style: BOX.style, text: FONT, data: ['binding'], click: CLICK, animation: ANIMATE },
  UsualButton: { style: BOX.style, text: ['text', ...FONT], click: CLICK, animation: BOUND_ANIMATE },
  UsualTimer: { style: BOX.style, text: ['format', ...FONT] },
  UsualImage: { style: ['opacity'], data: ['url'], click: CLICK, animation: BOUND_ANIMATE },
  UsualDashboard: { style: ['opacity'], text: ['color'], data: BOUND_RANGE },
  UsualPercentFill: { style: ['opacity', 'fillColor', 'strokeColor'], data: BOUND_RANGE },
  UsualScrollbar: { style: ['opacity'], data: BOUND_RANGE },
  UsualAnimation: { style: ['opacity'], data: ['binding'] },
  UsualSelect: { style: BOX.style, text: FONT, data: ['binding'] },
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
/** Every field id a panel names (must all exist). */
export const PANEL_FIELD_IDS: readonly string[] = [...new Set(Object.values(PANELS).flatMap((p) => Object.values(p).flat()))];
/** The generated widget types (for the completeness check). */
export const WIDGET_TYPES: readonly string[] = widgetTypes.types.map((t) => t.type);

/** The widget with field `fieldId` set to `value`; the same widget when the field is not its or nothing changes. */
export function withField(w: Widget, fieldId: string, value: unknown): Widget {
  const field = FIELDS[fieldId];
  if (!field || !sectionsOf(w.widgetType).some((s) => s.fields.includes(field))) return w;
  const next = field.set(w, value);
  return JSON.stringify(next) === JSON.stringify(w) ? w : next;
}
