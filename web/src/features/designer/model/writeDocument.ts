/**
 * The page document the designer edits, written back in the stored form (docs/page-document.md): the inverse of
 * the viewer's `parsePageDocument` (web/src/runtime/document.ts). The designer opens a page by parsing it, edits
 * the parsed value, and saves what this writes, so one set of types serves the viewer and the designer, and a
 * field either of them does not know travels through untouched (every `extra` is written back in place).
 *
 * Written as plain JSON values: what `page/save` sends. The test checks that parsing what is written gives the
 * same document again, for every widget type. `points` are written for lines only: the viewer draws no other
 * widget from them (it derives a straight line when they are missing).
 */
import type {
  Animation,
  Binding,
  ClickEvent,
  PageDocument,
  Position,
  StateItem,
  Widget,
  WidgetData,
  WidgetStyle,
} from '@/runtime/document';

type Json = Record<string, unknown>;

function writeBinding(b: Binding): Json {
  const json: Json = { type: b.type, equipId: b.equipId, signalId: b.signalId, title: b.title, subTitle: b.subTitle };
  if (b.type === 'system') json.systemKey = b.systemKey ?? '';
  if (b.type === 'mvar') json.mvarId = b.mvarId ?? null;
  return json;
}

function writeItems(items: readonly StateItem[]): Json[] {
  return items.map((item) => ({ symbol: item.symbol, value: item.value, url: item.url, text: item.text }));
}

function writeData(d: WidgetData): Json {
  const a = d.dataAddon;
  const data: Json = {
    ...d.extra,
    ...writeBinding(d),
    text: d.text,
    url: d.url,
    format: d.format,
    dataAddon: { ...a.extra, type: a.type, minVal: a.minVal, maxVal: a.maxVal, steps: a.steps, orientation: a.orientation },
    display: d.display,
    imgItems: writeItems(d.imgItems),
    textItems: writeItems(d.textItems),
  };
  if (d.signalArray) data.signalArray = d.signalArray.map(writeBinding);
  if (d.systemArray) data.systemArray = d.systemArray.map(writeBinding);
  if (d.mvarArray) data.mvarArray = d.mvarArray.map(writeBinding);
  return data;
}

function writePosition(p: Position): Json {
  const out: Json = { x: p.x, y: p.y, width: p.width, height: p.height, rotate: p.rotate };
  for (const key of ['r', 'rx', 'ry', 'x1', 'y1', 'x2', 'y2', 'x3', 'y3'] as const) {
    if (p[key] !== undefined) out[key] = p[key];
  }
  return out;
}

function writeStyle(s: WidgetStyle): Json {
  return {
    ...s.extra,
    opacity: s.opacity,
    fill: { ...s.fill },
    stroke: { ...s.stroke },
    radius: s.radius,
    font: { ...s.font },
    color: s.color,
    align: s.align,
    fit: s.fit,
  };
}

function writeClickEvent(e: ClickEvent): Json {
  const c = e.config;
  return {
    enable: e.enable,
    config: {
      ...c.extra,
      action: c.action,
      data: writeBinding(c.data),
      writeType: c.writeType,
      writeValue: c.writeValue,
      hint: c.hint,
      hintValue: c.hintValue,
      delay: { ...c.delay },
      feedback: c.feedback,
      pageId: c.pageId,
      link: c.link,
      target: c.target,
      width: c.width,
      height: c.height,
      pressType: c.pressType,
    },
  };
}

function writeAnimation(a: Animation): Json {
  const out: Json = {};
  if (a.visiable) out.visiable = { ...a.visiable };
  if (a.twinkle) out.twinkle = { ...a.twinkle };
  if (a.rotate) out.rotate = { ...a.rotate };
  for (const key of ['fillColor', 'borderColor', 'fontColor'] as const) {
    const rules = a[key];
    if (rules) out[key] = { enable: rules.enable, dataArray: rules.dataArray.map((rule) => ({ ...rule })) };
  }
  return out;
}

export function writeWidget(w: Widget): Json {
  const out: Json = {
    ...w.extra,
    id: w.id,
    textId: w.textId,
    widgetType: w.widgetType,
    widgetName: w.widgetName,
    posLock: w.posLock,
    position: writePosition(w.position),
    style: writeStyle(w.style),
    data: writeData(w.data),
    clickEvent: writeClickEvent(w.clickEvent),
    animation: writeAnimation(w.animation),
  };
  // Only a line has points of its own (the viewer derives a straight line for anything else).
  if (w.widgetType === 'ShapeLine') out.points = w.points.map(([x, y]) => [x, y]);
  if (w.widgetType === 'WidgetGroup') out.children = w.children.map(writeWidget);
  return out;
}

/** The stored form of `doc`, as `page/save` takes it. */
export function writePageDocument(doc: PageDocument): Json {
  const { con, bind } = doc;
  return {
    ...doc.extra,
    con: { ...con.extra, width: con.width, height: con.height, fit: con.fit, bgColor: con.bgColor, bgImage: con.bgImage },
    widgets: doc.widgets.map(writeWidget),
    bind: { equips: [...bind.equips], signals: [...bind.signals], keys: [...bind.keys], mvars: [...bind.mvars] },
  };
}

/** The text `page/save` sends: the stored form of `doc` as JSON (what the designer's check reads too). */
export function writePageDocumentText(doc: PageDocument): string {
  return JSON.stringify(writePageDocument(doc));
}
