/**
 * The fields most widget types share: style (opacity, fill, border, radius), text (words, font, colour,
 * alignment), the signal binding, the dashboard's and percent fill's range, the picture address, the timer's
 * format, and the click event (spec section 3).
 */
import { CLICK_WINDOW_SIZE, DEFAULT_TIMER_FORMAT, type Align, type Widget } from '@/runtime/document';
import { safeImageUrl } from '@/runtime/urls';
import { VALUE_TEXTS, buttonShowsState, valueTextOf } from '@/runtime/widgetSettings';
import { addon, bindingOf, bindingOfPick, bound, data, dataExtra, num, pickedOf, style, text } from './helpers';
import type { BindableSignal, FieldDef } from './types';

/** Blank (no picture) or an address the viewer draws, as the server checks it on save. */
export const drawnPicture = (address: string) => address.trim() === '' || safeImageUrl(address) !== null;

/** Longest picture address a field takes. */
export const PICTURE_MAX = 2048;

/** Formats offered for a clock, the spec's default first (any dayjs format may be typed). */
export const TIMER_FORMATS = [DEFAULT_TIMER_FORMAT, 'YYYY-MM-DD', 'HH:mm:ss', 'YYYY/MM/DD HH:mm', 'MM-DD HH:mm:ss'] as const;

const click = (w: Widget, patch: Partial<Widget['clickEvent']['config']>): Widget => ({
  ...w,
  clickEvent: { ...w.clickEvent, config: { ...w.clickEvent.config, ...patch } },
});
/** A click window's side as the viewer reads it: whole pixels, 100 to 10000 (runtime/document.ts). */
const windowSize = (v: unknown) => Math.min(10_000, Math.max(100, Math.round(num(v, CLICK_WINDOW_SIZE))));
const clicking = (w: Widget, action?: string) => w.clickEvent.enable && (action === undefined || w.clickEvent.config.action === action);

const DASHES: Record<string, string> = { solid: '', dashed: '8 4', dotted: '2 2' };

function dashName(dasharray: string): string {
  const found = Object.entries(DASHES).find(([, dash]) => dash === dasharray.trim());
  return found ? found[0] : 'dashed';
}

export const BASE_FIELDS: readonly FieldDef[] = [
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
  // A signal, or on a project's page one of the project's statistics (runtime/systemKeys.ts).
  { id: 'binding', type: { kind: 'signal' }, get: (w) => pickedOf(w.data), set: (w, v) => data(w, bindingOfPick(v)) },
  // State texts (entities/signals/states.ts): a data text shows the state or the number; a button may add the state.
  {
    id: 'valueText',
    type: { kind: 'choice', options: VALUE_TEXTS },
    get: (w) => valueTextOf(w.data),
    set: (w, v) => dataExtra(w, { valueText: v === 'number' ? 'number' : 'state' }),
  },
  {
    id: 'buttonState',
    type: { kind: 'switch' },
    get: (w) => buttonShowsState(w.data),
    set: (w, v) => dataExtra(w, { buttonState: v === true }),
  },
  {
    id: 'minVal',
    type: { kind: 'number', min: -1e9, max: 1e9, step: 1 },
    get: (w) => w.data.dataAddon.minVal,
    set: (w, v) => addon(w, { minVal: bound(v, 0, w.data.dataAddon.maxVal, 'min') }),
  },
  {
    id: 'maxVal',
    type: { kind: 'number', min: -1e9, max: 1e9, step: 1 },
    get: (w) => w.data.dataAddon.maxVal,
    set: (w, v) => addon(w, { maxVal: bound(v, 100, w.data.dataAddon.minVal, 'max') }),
  },
  {
    id: 'url',
    type: { kind: 'picture', max: PICTURE_MAX },
    get: (w) => w.data.url,
    set: (w, v) => (drawnPicture(text(v)) ? data(w, { url: text(v).trim() }) : w),
  },
  {
    id: 'format',
    type: { kind: 'text', max: 64, suggestions: TIMER_FORMATS },
    get: (w) => w.data.format,
    // An empty format is the spec's default, as the viewer reads it.
    set: (w, v) => data(w, { format: text(v).trim() || DEFAULT_TIMER_FORMAT }),
  },
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
  // The size of the new window a link opens (600 × 600 by default, spec section 3).
  {
    id: 'clickWidth',
    type: { kind: 'number', min: 100, max: 10000, step: 10 },
    get: (w) => w.clickEvent.config.width,
    set: (w, v) => click(w, { width: windowSize(v) }),
    shown: (w) => clicking(w, 'link') && w.clickEvent.config.target === '_blank',
  },
  {
    id: 'clickHeight',
    type: { kind: 'number', min: 100, max: 10000, step: 10 },
    get: (w) => w.clickEvent.config.height,
    set: (w, v) => click(w, { height: windowSize(v) }),
    shown: (w) => clicking(w, 'link') && w.clickEvent.config.target === '_blank',
  },
];
