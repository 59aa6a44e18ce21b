/**
 * The configuration page document (docs/page-document.md) as the viewer reads it: the types, and a tolerant
 * parser that fills the contract's defaults. The server validates a document when it is saved; the viewer still
 * meets documents saved before a rule existed, hand-edited ones and the designer's own extra fields, so parsing
 * never throws: a field of the wrong kind takes its default, a widget of a type the generated list does not know
 * is kept (and drawn as "unknown widget"), fields the contract does not name are kept in `extra`.
 */
import widgetTypes from '@/generated/widgetTypes.json';

export * from './documentTypes';
import {
  CANVAS_MAX,
  CLICK_WINDOW_SIZE,
  CANVAS_MIN,
  CONDITION_SYMBOLS,
  DEFAULT_COLOR_RULES,
  DEFAULT_CON,
  DEFAULT_GAUGE_STEPS,
  DEFAULT_PRESS_TYPE,
  DEFAULT_TIMER_FORMAT,
  FIT_MODES,
  type Animation,
  type Binding,
  type ClickEvent,
  type ColorRule,
  type Condition,
  type DataAddon,
  type PageCon,
  type PageDocument,
  type Position,
  type StateItem,
  type Widget,
  type WidgetData,
  type WidgetStyle,
} from './documentTypes';

/** Deeper nesting than this is cut off: the server allows 8, this only keeps a hostile document from the stack. */
const MAX_PARSE_DEPTH = 64;

interface TypeInfo {
  type: string;
  family: string;
  maxPerPage: number | null;
}

const typeInfo = new Map<string, TypeInfo>((widgetTypes.types as TypeInfo[]).map((info) => [info.type, info]));

/** True when `type` is one of the generated widget types. */
export function isKnownType(type: string): boolean {
  return typeInfo.has(type);
}

/** The family of a widget type (group, shape, usual, complex); undefined for an unknown type. */
export function familyOf(type: string): string | undefined {
  return typeInfo.get(type)?.family;
}

// ---------------------------------------------------------------------------------------------------------------
// Readers: each takes anything and answers a value of its kind or the fallback.

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown): Obj {
  return isObj(value) ? value : {};
}

/** A finite number, also from numeric text ("12", " 3.5 "), else the fallback. */
function num(value: unknown, fallback: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return fallback;
}

function optNum(value: unknown): number | undefined {
  const n = num(value, Number.NaN);
  return Number.isNaN(n) ? undefined : n;
}

/** A whole id (positive or zero), from a number or numeric text; null otherwise. */
function id(value: unknown): number | null {
  const n = num(value, Number.NaN);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function str(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The fields of `raw` that are not in `known`. */
function rest(raw: Obj, known: readonly string[]): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(raw)) if (!known.includes(key)) out[key] = value;
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsers

function parseCondition(raw: Obj): Condition {
  return { symbol: oneOf(raw.symbol, CONDITION_SYMBOLS, '=='), value: num(raw.value, raw.value === undefined ? 0 : Number.NaN) };
}

export function parseBinding(raw: unknown): Binding {
  const o = obj(raw);
  const signalId = id(o.signalId);
  let type = str(o.type, '');
  // Older documents name the signal without saying what kind of binding it is.
  if (type === '' && signalId !== null) type = 'signal';
  const binding: Binding = { type, equipId: id(o.equipId), signalId, title: str(o.title, ''), subTitle: str(o.subTitle, '') };
  if (type === 'system') binding.systemKey = str(o.systemKey, '');
  if (type === 'mvar') binding.mvarId = id(o.mvarId);
  return binding;
}

const BINDING_KEYS = ['type', 'equipId', 'signalId', 'title', 'subTitle', 'systemKey', 'mvarId'] as const;

function parseAddon(raw: unknown, widgetType: string): DataAddon {
  const o = obj(raw);
  const percent = widgetType === 'UsualPercentFill';
  const type = percent
    ? oneOf(o.type, ['rectangleChart', 'capacityChart', 'doughnutChart'], 'rectangleChart')
    : widgetType === 'ComplexVideo'
      ? // The video's source ('stream' or a cloud kind, runtime/video.ts), kept as written.
        str(o.type, '')
      : oneOf(o.type, ['monochrome', 'multistage'], 'monochrome');
  const steps = Array.isArray(o.steps)
    ? o.steps.filter(isObj).map((step) => ({ value: num(step.value, 0), color: str(step.color, '#1677FF') }))
    : DEFAULT_GAUGE_STEPS.map((step) => ({ ...step }));
  return {
    type,
    minVal: num(o.minVal, 0),
    maxVal: num(o.maxVal, 100),
    steps: steps.sort((a, b) => a.value - b.value),
    orientation: oneOf(o.orientation, ['bt', 'tb', 'lr', 'rl'], 'bt'),
    extra: rest(o, ['type', 'minVal', 'maxVal', 'steps', 'orientation']),
  };
}

function parseItems(raw: unknown, display: 'image' | 'text'): StateItem[] {
  if (!Array.isArray(raw)) {
    // The contract's defaults: value 0 "off", value 1 "on" (the designer sets real pictures and texts).
    return [
      { symbol: '==', value: 0, url: '', text: display === 'text' ? 'off' : '' },
      { symbol: '==', value: 1, url: '', text: display === 'text' ? 'on' : '' },
    ];
  }
  return raw.filter(isObj).map((item) => ({ ...parseCondition(item), url: str(item.url, ''), text: str(item.text, '') }));
}

function parseData(raw: unknown, widgetType: string): WidgetData {
  const o = obj(raw);
  const display = oneOf(o.display, ['image', 'text'], 'image');
  return {
    ...parseBinding(o),
    text: str(o.text, ''),
    url: str(o.url, ''),
    format: str(o.format, '').trim() || DEFAULT_TIMER_FORMAT,
    dataAddon: parseAddon(o.dataAddon, widgetType),
    display,
    imgItems: parseItems(o.imgItems, 'image'),
    textItems: parseItems(o.textItems, 'text'),
    signalArray: Array.isArray(o.signalArray) ? o.signalArray.map(parseBinding) : undefined,
    systemArray: Array.isArray(o.systemArray) ? o.systemArray.map(parseBinding) : undefined,
    mvarArray: Array.isArray(o.mvarArray) ? o.mvarArray.map(parseBinding) : undefined,
    extra: rest(o, [...BINDING_KEYS, 'text', 'url', 'format', 'dataAddon', 'display', 'imgItems', 'textItems', 'signalArray', 'systemArray', 'mvarArray']),
  };
}

function parsePosition(raw: unknown): Position {
  const o = obj(raw);
  const rotate = num(o.rotate, 0);
  const position: Position = {
    x: num(o.x, 0),
    y: num(o.y, 0),
    width: Math.max(0, num(o.width, 0)),
    height: Math.max(0, num(o.height, 0)),
    rotate: ((rotate % 360) + 360) % 360,
  };
  for (const key of ['r', 'rx', 'ry', 'x1', 'y1', 'x2', 'y2', 'x3', 'y3'] as const) {
    const value = optNum(o[key]);
    if (value !== undefined) position[key] = key.startsWith('r') ? Math.max(0, value) : value;
  }
  return position;
}

function parsePoints(raw: unknown, position: Position): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  if (Array.isArray(raw)) {
    for (const point of raw) {
      if (Array.isArray(point) && point.length >= 2) {
        const x = optNum(point[0]);
        const y = optNum(point[1]);
        if (x !== undefined && y !== undefined) points.push([x, y]);
      } else if (isObj(point)) {
        const x = optNum(point.x);
        const y = optNum(point.y);
        if (x !== undefined && y !== undefined) points.push([x, y]);
      }
    }
  }
  if (points.length >= 2) return points;
  const mid = position.y + position.height / 2;
  return [
    [position.x, mid],
    [position.x + position.width, mid],
  ];
}

/** What a widget looks like when its document says nothing: shapes are filled and outlined, buttons look like buttons. */
function styleDefaults(widgetType: string) {
  const shape = familyOf(widgetType) === 'shape';
  const button = widgetType === 'UsualButton';
  return {
    fill: shape || button,
    fillColor: '#1677FF',
    stroke: shape,
    color: button ? '#FFFFFF' : '#000000',
  };
}

function parseStyle(raw: unknown, widgetType: string): WidgetStyle {
  const o = obj(raw);
  const d = styleDefaults(widgetType);
  const fill = obj(o.fill);
  const stroke = obj(o.stroke);
  const font = obj(o.font);
  return {
    opacity: clamp(num(o.opacity, 1), 0, 1),
    fill: { enable: bool(fill.enable, d.fill), color: str(fill.color, d.fillColor) },
    stroke: {
      enable: bool(stroke.enable, d.stroke),
      color: str(stroke.color, '#000000'),
      width: Math.max(0, num(stroke.width, 1)),
      dasharray: str(stroke.dasharray, ''),
    },
    radius: Math.max(0, num(o.radius, 0)),
    font: {
      size: clamp(num(font.size, 14), 1, 1000),
      weight: str(font.weight, 'normal'),
      family: str(font.family, ''),
    },
    color: str(o.color, d.color),
    align: oneOf(o.align, ['left', 'center', 'right'], 'center'),
    fit: str(o.fit, ''),
    extra: rest(o, ['opacity', 'fill', 'stroke', 'radius', 'font', 'color', 'align', 'fit']),
  };
}

/** A click window's width or height: a whole number of pixels from 100 to 10000, else the spec's 600. */
function windowSize(raw: unknown): number {
  const n = num(raw, CLICK_WINDOW_SIZE);
  return n >= 100 && n <= 10_000 ? Math.round(n) : CLICK_WINDOW_SIZE;
}

/** A click event as the viewer reads it (a widget's, or a drop-down item's: runtime/select.ts). */
export function parseClickEvent(raw: unknown): ClickEvent {
  const o = obj(raw);
  const c = obj(o.config);
  const delay = obj(c.delay);
  const writeValue = num(c.writeValue, Number.NaN);
  const pageId = id(c.pageId);
  return {
    enable: bool(o.enable, false),
    config: {
      action: oneOf(c.action, ['write', 'page', 'link'], 'write'),
      data: parseBinding(c.data),
      writeType: oneOf(c.writeType, ['fixed', 'input'], 'fixed'),
      writeValue: Number.isNaN(writeValue) ? null : writeValue,
      hint: bool(c.hint, false),
      hintValue: str(c.hintValue, ''),
      delay: { enable: bool(delay.enable, true), value: Math.max(0, num(delay.value, 1000)) },
      feedback: bool(c.feedback, true),
      pageId: pageId !== null && pageId > 0 ? pageId : null,
      link: str(c.link, '').trim(),
      target: oneOf(c.target, ['_self', '_blank'], '_self'),
      width: windowSize(c.width),
      height: windowSize(c.height),
      pressType: str(c.pressType, DEFAULT_PRESS_TYPE) || DEFAULT_PRESS_TYPE,
      extra: rest(c, [
        'action', 'data', 'writeType', 'writeValue', 'hint', 'hintValue', 'delay', 'feedback', 'pageId', 'link', 'target',
        'width', 'height', 'pressType',
      ]),
    },
  };
}

function parseColorRules(raw: unknown): { enable: boolean; dataArray: ColorRule[] } | undefined {
  if (!isObj(raw)) return undefined;
  const dataArray = Array.isArray(raw.dataArray)
    ? raw.dataArray.filter(isObj).map((rule) => ({ ...parseCondition(rule), color: str(rule.color, '#FF0000') }))
    : DEFAULT_COLOR_RULES.map((rule) => ({ ...rule }));
  return { enable: bool(raw.enable, false), dataArray };
}

function parseAnimation(raw: unknown): Animation {
  const o = obj(raw);
  const animation: Animation = {};
  if (isObj(o.visiable)) {
    const v = o.visiable;
    animation.visiable = { enable: bool(v.enable, false), ...parseCondition(v), visiable: oneOf(v.visiable, ['hide', 'show'], 'hide') };
  }
  if (isObj(o.twinkle)) {
    const v = o.twinkle;
    animation.twinkle = {
      enable: bool(v.enable, false),
      ...parseCondition(v),
      twinkleType: oneOf(v.twinkleType, ['visiable', 'fill', 'stroke', 'font'], 'visiable'),
      color: str(v.color, '#FF0000'),
    };
  }
  if (isObj(o.rotate)) {
    const v = o.rotate;
    animation.rotate = {
      enable: bool(v.enable, false),
      ...parseCondition(v),
      direction: num(v.direction, 1) < 0 ? -1 : 1,
      // Faster than 20 turns a second is a blur, not information.
      speed: Math.max(50, num(v.speed, 1000)),
    };
  }
  const fillColor = parseColorRules(o.fillColor);
  if (fillColor) animation.fillColor = fillColor;
  const borderColor = parseColorRules(o.borderColor);
  if (borderColor) animation.borderColor = borderColor;
  const fontColor = parseColorRules(o.fontColor);
  if (fontColor) animation.fontColor = fontColor;
  return animation;
}

const WIDGET_KEYS = [
  'id', 'textId', 'widgetType', 'widgetName', 'posLock', 'position', 'points', 'style', 'data', 'clickEvent', 'animation', 'children',
] as const;

interface ParseState {
  ids: Set<string>;
  generated: number;
}

function parseWidget(raw: Obj, state: ParseState, depth: number): Widget {
  const widgetType = str(raw.widgetType, '');
  let widgetId = str(raw.id, '');
  // Ids name the widgets in the drawing (and in tests); a missing or repeated one gets a stand-in.
  if (widgetId === '' || widgetId.length > 64 || state.ids.has(widgetId)) {
    do widgetId = `auto-${++state.generated}`;
    while (state.ids.has(widgetId));
  }
  state.ids.add(widgetId);
  const position = parsePosition(raw.position);
  const children =
    widgetType === 'WidgetGroup' && Array.isArray(raw.children) && depth < MAX_PARSE_DEPTH
      ? parseWidgets(raw.children, state, depth + 1)
      : [];
  return {
    id: widgetId,
    textId: str(raw.textId, ''),
    widgetType,
    knownType: isKnownType(widgetType),
    widgetName: str(raw.widgetName, ''),
    posLock: bool(raw.posLock, false),
    position,
    points: parsePoints(raw.points, position),
    style: parseStyle(raw.style, widgetType),
    data: parseData(raw.data, widgetType),
    clickEvent: parseClickEvent(raw.clickEvent),
    animation: parseAnimation(raw.animation),
    children,
    extra: rest(raw, WIDGET_KEYS),
  };
}

function parseWidgets(raw: unknown[], state: ParseState, depth: number): Widget[] {
  return raw.filter(isObj).map((widget) => parseWidget(widget, state, depth));
}

function parseCon(raw: unknown): PageCon {
  const o = obj(raw);
  return {
    width: clamp(num(o.width, DEFAULT_CON.width), CANVAS_MIN, CANVAS_MAX),
    height: clamp(num(o.height, DEFAULT_CON.height), CANVAS_MIN, CANVAS_MAX),
    fit: oneOf(o.fit, FIT_MODES, DEFAULT_CON.fit),
    bgColor: str(o.bgColor, '').trim() || DEFAULT_CON.bgColor,
    bgImage: str(o.bgImage, '').trim(),
    extra: rest(o, ['width', 'height', 'fit', 'bgColor', 'bgImage']),
  };
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? [...value] : [];
}

/**
 * A page document from what the server stored: the JSON text or the parsed object. Never throws; anything it
 * cannot read becomes the contract's default (an empty 1024 x 768 white page for unreadable input).
 */
export function parsePageDocument(raw: unknown): PageDocument {
  let source = raw;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source) as unknown;
    } catch {
      source = {};
    }
  }
  const o = obj(source);
  const bind = obj(o.bind);
  return {
    con: parseCon(o.con),
    widgets: Array.isArray(o.widgets) ? parseWidgets(o.widgets, { ids: new Set(), generated: 0 }, 1) : [],
    bind: { equips: list(bind.equips), signals: list(bind.signals), keys: list(bind.keys), mvars: list(bind.mvars) },
    extra: rest(o, ['con', 'widgets', 'bind']),
  };
}

/** The signal a binding names, when it is a signal binding that names one. */
export function boundSignalId(binding: Binding): number | null {
  return binding.type === 'signal' ? binding.signalId : null;
}

/** Every widget of the document, group children included, in drawing order. */
export function* allWidgets(widgets: readonly Widget[]): Generator<Widget> {
  for (const widget of widgets) {
    yield widget;
    yield* allWidgets(widget.children);
  }
}
