/**
 * The walk over a document's text: the mirror of crates/domain/src/page/check.rs, step for step and in the same
 * order, so the first problem found here is the one the server would report. Every list and limit comes from the
 * generated `widgetTypes.json`; the field names are the document's own (docs/page-document.md).
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { imageAddress } from './addresses';
import { readJson } from './json';
import { mapSettings, modelSettings } from './mapModel';
import { clickEventIn } from './clickEvent';
import { selectSettings, videoSettings } from './selectVideo';
import { weatherSettings } from './weather';
import { tableSettings } from './table';
import {
  array,
  boundedText,
  colour,
  isFiniteNumber,
  isObject,
  join,
  number,
  object,
  oneOf,
  present,
  text,
  characters,
  type Obj,
} from './reads';
import { at, inWidget, reason, refuse, Refused, unlessRefused, type WidgetRef } from './reasons';

/** What a document the check accepts tells the page list: its canvas size and how many widgets it holds. */
export interface ValidDocument {
  width: number;
  height: number;
  widgets: number;
}

type WidgetType = (typeof widgetTypes.types)[number];

const inBounds = (bounds: { min: number; max: number }, value: number) => value >= bounds.min && value <= bounds.max;
const outOf = (bounds: { min: number; max: number }) => reason('outOfRange', { min: bounds.min, max: bounds.max });

/** Checks `text` as the server does when it is saved; throws {@link Refused} at the first problem. */
export function walkDocument(text: string): ValidDocument {
  if (new TextEncoder().encode(text).length > widgetTypes.maxDocumentBytes) {
    refuse(reason('tooLarge', { max_kib: Math.floor(widgetTypes.maxDocumentBytes / 1024) }));
  }
  const doc = readJson(text);
  if (!isObject(doc)) return refuse(reason('notObject'));
  const { width, height } = canvas(doc);
  bindLists(doc);
  const widgets = array(doc, 'widgets', '') ?? refuse(at('widgets', reason('required')));
  const census = new Census();
  census.widgets(widgets, 'widgets', 0);
  return { width, height, widgets: census.total };
}

/** `con`: the canvas size (defaults when absent) and its look. */
function canvas(doc: Obj): { width: number; height: number } {
  const con = object(doc, 'con', '');
  if (con === undefined) return { width: widgetTypes.defaultWidth, height: widgetTypes.defaultHeight };
  const width = canvasSize(con, 'width') ?? widgetTypes.defaultWidth;
  const height = canvasSize(con, 'height') ?? widgetTypes.defaultHeight;
  oneOf(con, 'fit', 'con', widgetTypes.fits);
  colour(con, 'bgColor', 'con');
  picture(con, 'bgImage', 'con');
  return { width, height };
}

/** A canvas side: a whole number within the canvas bounds. */
function canvasSize(con: Obj, key: string): number | undefined {
  const path = join('con', key);
  const size = number(con, key, 'con');
  if (size === undefined) return undefined;
  if (!Number.isInteger(size)) refuse(at(path, reason('notInteger')));
  const bounds = { min: widgetTypes.minCanvas, max: widgetTypes.maxCanvas };
  if (!inBounds(bounds, size)) refuse(at(path, outOf(bounds)));
  return size;
}

/** `bind`: each list a list when present. */
function bindLists(doc: Obj): void {
  const bind = object(doc, 'bind', '');
  if (bind === undefined) return;
  for (const list of widgetTypes.bindLists) array(bind, list, 'bind');
}

/** What the walk has seen so far: the ids (unique in the page, group children included) and the counts. */
class Census {
  private readonly ids = new Set<string>();
  total = 0;
  private readonly perType = new Map<string, number>();

  /** The widgets of one list (the page's, or a group's children at `depth` groups down). */
  widgets(list: readonly unknown[], place: string, depth: number): void {
    list.forEach((value, i) => this.widget(value, `${place}[${i}]`, depth));
  }

  /** One widget, then its children. A problem of the widget itself names it; a child's names the child. */
  private widget(value: unknown, place: string, depth: number): void {
    if (!isObject(value)) refuse(inWidget({ at: place }, reason('notObject')));
    const widget = value as Obj;
    let own: { kind: WidgetType; children: unknown[] | undefined };
    try {
      own = this.ownFields(widget, depth);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const id = unlessRefused(() => widgetId(widget));
      const name: WidgetRef = id === undefined ? { at: place } : { id };
      return refuse(inWidget(name, error.reason));
    }
    this.count(own.kind);
    if (own.children !== undefined) this.widgets(own.children, `${place}.children`, depth + 1);
  }

  /** Checks the fields of one widget; answers its type and the children to walk. */
  private ownFields(widget: Obj, depth: number): { kind: WidgetType; children: unknown[] | undefined } {
    const id = widgetId(widget);
    if (this.ids.has(id)) refuse(reason('duplicateId'));
    this.ids.add(id);
    const kind = kindOf(widget);
    boundedText(widget, 'widgetName', widgetTypes.maxNameChars);
    position(widget);
    if (kind.type === widgetTypes.line) points(widget);
    style(widget);
    clickEvent(widget);
    animation(widget);
    stateItems(widget);
    pictures(widget);
    systemBinding(widget);
    if (kind.type === 'ComplexWeather') weatherSettings(widget);
    if (kind.type === 'ComplexHistory' || kind.type === 'ComplexAlarm') tableSettings(widget);
    if (kind.type === 'ComplexMap') mapSettings(widget);
    if (kind.type === 'UsualWebgl') modelSettings(widget);
    if (kind.type === 'UsualSelect') selectSettings(widget);
    if (kind.type === 'ComplexVideo') videoSettings(widget);
    return { kind, children: children(widget, kind, depth) };
  }

  /** Counts a widget against the page's limits. */
  private count(kind: WidgetType): void {
    this.total += 1;
    if (this.total > widgetTypes.maxWidgets) refuse(reason('tooManyWidgets', { max: widgetTypes.maxWidgets }));
    const ofType = (this.perType.get(kind.type) ?? 0) + 1;
    this.perType.set(kind.type, ofType);
    const max = kind.maxPerPage;
    if (max !== null && ofType > max) refuse(reason('tooManyOfType', { widget_type: kind.type, max }));
  }
}

/** The widget's id: 1 to `maxIdChars` characters. */
function widgetId(widget: Obj): string {
  const id = text(widget, 'id', '') ?? refuse(at('id', reason('required')));
  const length = characters(id);
  if (length === 0) refuse(at('id', reason('required')));
  if (length > widgetTypes.maxIdChars) refuse(at('id', reason('tooLong', { max: widgetTypes.maxIdChars })));
  return id;
}

function kindOf(widget: Obj): WidgetType {
  const name = text(widget, 'widgetType', '') ?? refuse(at('widgetType', reason('required')));
  return widgetTypes.types.find((t) => t.type === name) ?? refuse(at('widgetType', reason('notWidgetType')));
}

/** `position`: x and y anywhere, a size of at least 0, a rotation within bounds, optional finite geometry. */
function position(widget: Obj): void {
  const position = object(widget, 'position', '') ?? refuse(at('position', reason('required')));
  for (const key of widgetTypes.positionKeys) {
    const value = number(position, key, 'position') ?? refuse(at(join('position', key), reason('required')));
    if (widgetTypes.sizeKeys.includes(key) && value < 0) refuse(at(join('position', key), reason('negative')));
  }
  const rotate = number(position, 'rotate', 'position');
  if (rotate !== undefined && !inBounds(widgetTypes.rotation, rotate)) refuse(at('position.rotate', outOf(widgetTypes.rotation)));
  for (const key of widgetTypes.geometry) number(position, key, 'position');
}

/** A line's `points`: at least `minPoints` `[x, y]` pairs of finite numbers. */
function points(widget: Obj): void {
  const list = array(widget, 'points', '') ?? refuse(at('points', reason('required')));
  if (list.length < widgetTypes.minPoints) refuse(at('points', reason('tooFew', { min: widgetTypes.minPoints })));
  list.forEach((point, i) => {
    const pair = Array.isArray(point) && point.length === 2 && point.every(isFiniteNumber);
    if (!pair) refuse(at(`points[${i}]`, reason('notPoint')));
  });
}

/** `style`: an opacity within bounds and colours, each when present. */
function style(widget: Obj): void {
  const style = object(widget, 'style', '');
  if (style === undefined) return;
  const opacity = number(style, 'opacity', 'style');
  if (opacity !== undefined && !inBounds(widgetTypes.opacity, opacity)) refuse(at('style.opacity', outOf(widgetTypes.opacity)));
  colour(style, 'color', 'style');
  for (const part of widgetTypes.paints) {
    const paint = object(style, part, 'style');
    if (paint !== undefined) colour(paint, 'color', join('style', part));
  }
}

/** `clickEvent.config`: a known action and target; a link only to an http or https URL. */
function clickEvent(widget: Obj): void {
  clickEventIn(widget, '');
}

/** `animation`: every condition well formed and every colour a colour. */
function animation(widget: Obj): void {
  const animation = object(widget, 'animation', '');
  if (animation === undefined) return;
  for (const key of widgetTypes.conditionAnimations) {
    const entry = object(animation, key, 'animation');
    if (entry === undefined) continue;
    const path = join('animation', key);
    condition(entry, path);
    colour(entry, 'color', path);
  }
  for (const key of widgetTypes.colourAnimations) {
    const entry = object(animation, key, 'animation');
    if (entry !== undefined) conditions(entry, 'dataArray', join('animation', key), true);
  }
}

/** UsualAnimation's state lists in `data`: lists of conditions. */
function stateItems(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  for (const key of widgetTypes.stateItems) conditions(data, key, 'data', false);
}

/** A project page's statistic (`data.type` `system`, each entry of `data.systemArray`) names a generated system key. */
function systemBinding(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  statistic(data, 'data');
  (array(data, 'systemArray', 'data') ?? []).forEach((entry, i) => {
    if (isObject(entry)) statistic(entry, `data.systemArray[${i}]`);
  });
}

/** A binding at `path` that is a statistic names a known one. */
function statistic(binding: Obj, path: string): void {
  if (present(binding, 'type') !== 'system') return;
  if (oneOf(binding, 'systemKey', path, widgetTypes.systemKeys) === undefined) refuse(at(join(path, 'systemKey'), reason('required')));
}

/** The picture addresses of `data`: `url` and each `imgItems[].url`, on every widget type. */
function pictures(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  picture(data, 'url', 'data');
  (array(data, 'imgItems', 'data') ?? []).forEach((item, i) => {
    if (isObject(item)) picture(item, 'url', `data.imgItems[${i}]`);
  });
}

/** A picture address at `key` when present: blank or one the viewer draws. */
function picture(parent: Obj, key: string, parentPath: string): void {
  const address = text(parent, key, parentPath);
  if (address !== undefined && imageAddress(address) === 'refused') refuse(at(join(parentPath, key), reason('notImageUrl')));
}

/** A list of conditions at `key`, each with a colour when `coloured`. */
function conditions(parent: Obj, key: string, parentPath: string, coloured: boolean): void {
  const items = array(parent, key, parentPath);
  if (items === undefined) return;
  items.forEach((item, i) => {
    const path = `${join(parentPath, key)}[${i}]`;
    if (!isObject(item)) refuse(at(path, reason('notObject')));
    condition(item as Obj, path);
    if (coloured) colour(item as Obj, 'color', path);
  });
}

/** A condition: a known comparison symbol and a number, each when present. */
function condition(entry: Obj, path: string): void {
  oneOf(entry, 'symbol', path, widgetTypes.symbols);
  number(entry, 'value', path);
}

/** `children`: a group's alone, and a group no deeper than `maxDepth`. */
function children(widget: Obj, kind: WidgetType, depth: number): unknown[] | undefined {
  if (kind.type === widgetTypes.group && depth >= widgetTypes.maxDepth) refuse(reason('tooDeep', { max: widgetTypes.maxDepth }));
  if (kind.type !== widgetTypes.group && present(widget, 'children') !== undefined) {
    refuse(at('children', reason('onlyOn', { widget_type: widgetTypes.group })));
  }
  return array(widget, 'children', '');
}
