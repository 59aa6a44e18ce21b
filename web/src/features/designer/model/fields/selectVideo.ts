/**
 * The drop-down select's (UsualSelect) and the video's (ComplexVideo) own settings, read as the viewer reads them
 * (runtime/select.ts, runtime/video.ts) and written where it reads them.
 *
 * The select: its items (`data.items`), each a text, what choosing it does (write a fixed value to the widget's
 * bound signal, or to the item's own signal when a stored item names one; open a page; open a link) and whether
 * it is shown disabled. The item's other click settings (question, delay, feedback) keep what the item has, the
 * click event's defaults for a new one. `selectDatas` is read by the viewer, not edited here (kept as stored).
 *
 * The video: its type (a stream of its own, or EZVIZ cloud video), the stream addresses for a stream (each
 * marked and not taken when the viewer would not play it: the server's rule), the device's serial number,
 * channel and pan-tilt flag for EZVIZ.
 */
import type { Widget } from '@/runtime/document';
import { isHttpUrl } from '@/runtime/addressRules';
import { MAX_SELECT_ITEMS, MAX_SELECT_TEXT_CHARS, indexIdText, selectItemsOf, selectedIdsOf } from '@/runtime/select';
import {
  MAX_SERIAL_CHARS,
  MAX_STREAM_ADDRESS_CHARS,
  VIDEO_CHANNEL,
  VIDEO_TYPES,
  isRtmpAddress,
  isStreamAddress,
  videoSettingsOf,
  type VideoType,
} from '@/runtime/video';
import { addon, dataExtra, isRecord, num, text } from './helpers';
import type { ChoiceItem, FieldDef } from './types';

const ACTIONS = ['write', 'page', 'link'] as const;

/** The items of a select as the field edits them. */
export function choiceItemsOf(w: Widget): ChoiceItem[] {
  const items = selectItemsOf(w.data);
  // The viewer's rule: the first stored id that names an item.
  const initialId = selectedIdsOf(w.data).find((id) => items.some((item) => item.indexId === id));
  return items.map((item) => {
    const c = item.clickEvent.config;
    const stored = item.raw.indexId;
    return {
      indexId: typeof stored === 'number' || typeof stored === 'string' ? stored : item.indexId,
      text: item.text,
      action: c.action,
      writeValue: c.writeValue,
      pageId: c.pageId,
      link: c.link,
      target: c.target,
      pressDisabled: item.pressDisabled,
      initial: initialId !== undefined && item.indexId === initialId,
      raw: item.raw,
    };
  });
}

/** `selectDatas` of edited items: the indexId of the item marked as chosen at start, if any. */
export function initialIdsOf(items: readonly ChoiceItem[]): Array<string | number> {
  const initial = items.find((item) => item.initial && indexIdText(item.indexId) !== '');
  return initial ? [initial.indexId] : [];
}

/** A link the field keeps: none, or one the server takes (http or https). */
export const keptLink = (link: string) => link.trim() === '' || isHttpUrl(link.trim());

/** An item in its stored form: the edited fields over the item as it was. */
export function storedItem(item: ChoiceItem): Record<string, unknown> {
  const raw = item.raw;
  const event = isRecord(raw.clickEvent) ? raw.clickEvent : {};
  const config = isRecord(event.config) ? event.config : {};
  const link = text(item.link).trim();
  return {
    ...raw,
    indexId: item.indexId,
    text: text(item.text).slice(0, MAX_SELECT_TEXT_CHARS),
    pressDisabled: item.pressDisabled === true,
    clickEvent: {
      ...event,
      enable: event.enable === false ? false : true,
      config: {
        ...config,
        action: ACTIONS.includes(item.action) ? item.action : 'write',
        writeType: config.writeType === 'input' ? 'input' : 'fixed',
        writeValue: typeof item.writeValue === 'number' && Number.isFinite(item.writeValue) ? item.writeValue : null,
        pageId: typeof item.pageId === 'number' ? item.pageId : null,
        link: keptLink(link) ? link : '',
        target: item.target === '_blank' ? '_blank' : '_self',
      },
    },
  };
}

/** A new item after the last: the next free numeric indexId, writing the last value plus 1. */
export function nextChoiceItem(items: readonly ChoiceItem[]): ChoiceItem {
  const ids = items.map((i) => Number(indexIdText(i.indexId))).filter(Number.isFinite);
  const indexId = (ids.length > 0 ? Math.max(...ids) : 0) + 1;
  const values = items.map((i) => i.writeValue).filter((v): v is number => typeof v === 'number');
  return {
    indexId,
    text: '',
    action: 'write',
    writeValue: values.length > 0 ? Math.max(...values) + 1 : 0,
    pageId: null,
    link: '',
    target: '_self',
    pressDisabled: false,
    initial: false,
    raw: {},
  };
}

const video = (w: Widget) => videoSettingsOf(w.data);
const streaming = (w: Widget) => video(w).type === 'stream';
const cloud = (w: Widget) => video(w).type === 'ezviz';
/** The widget with `dataAddon.<key>` set among the fields the parser keeps as stored. */
const withAddon = (w: Widget, patch: Record<string, unknown>): Widget => addon(w, { extra: { ...w.data.dataAddon.extra, ...patch } });

function address(id: string, key: string, valid: (a: string) => boolean, get: (w: Widget) => string): FieldDef {
  return {
    id,
    type: { kind: 'text', max: MAX_STREAM_ADDRESS_CHARS, valid: (a) => a.trim() === '' || valid(a.trim()) },
    get,
    set: (w, v) => {
      const a = text(v).trim();
      return a === '' || valid(a) ? withAddon(w, { [key]: a }) : w;
    },
    shown: streaming,
  };
}

export const SELECT_VIDEO_FIELDS: readonly FieldDef[] = [
  {
    id: 'selectItems',
    type: { kind: 'choiceItems', max: MAX_SELECT_ITEMS, textMax: MAX_SELECT_TEXT_CHARS, newItem: nextChoiceItem },
    get: choiceItemsOf,
    set: (w, v) => {
      const items = (Array.isArray(v) ? (v as ChoiceItem[]) : []).slice(0, MAX_SELECT_ITEMS);
      return dataExtra(w, { items: items.map(storedItem), selectDatas: initialIdsOf(items) });
    },
  },
  {
    id: 'videoType',
    type: { kind: 'choice', options: VIDEO_TYPES },
    get: (w) => video(w).type,
    set: (w, v) => addon(w, { type: VIDEO_TYPES.includes(v as VideoType) ? (v as VideoType) : 'stream' }),
  },
  address('videoHls', 'hlsReserve', isStreamAddress, (w) => video(w).hls),
  address('videoFlv', 'flvReserve', isStreamAddress, (w) => video(w).flv),
  address('videoRtmp', 'rtmpReserve', isRtmpAddress, (w) => video(w).rtmp),
  {
    id: 'videoSerial',
    type: { kind: 'text', max: MAX_SERIAL_CHARS },
    get: (w) => video(w).serialNumber,
    set: (w, v) => withAddon(w, { serialNumber: text(v).trim().slice(0, MAX_SERIAL_CHARS) }),
    shown: cloud,
  },
  {
    id: 'videoChannel',
    type: { kind: 'number', min: VIDEO_CHANNEL.min, max: VIDEO_CHANNEL.max, step: 1 },
    get: (w) => video(w).channelNumber,
    set: (w, v) => withAddon(w, { channelNumber: Math.min(VIDEO_CHANNEL.max, Math.max(VIDEO_CHANNEL.min, Math.round(num(v, 1)))) }),
    shown: cloud,
  },
  {
    id: 'videoPanTilt',
    type: { kind: 'switch' },
    get: (w) => video(w).panTilt,
    set: (w, v) => withAddon(w, { PanTilt: v === true }),
    shown: cloud,
  },
];
