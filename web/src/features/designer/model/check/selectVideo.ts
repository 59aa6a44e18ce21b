/**
 * The drop-down select's (UsualSelect) and the video's (ComplexVideo) own fields: the mirror of
 * crates/domain/src/page/select_video.rs, read for read, with the limits generated from it. The address rules are
 * the viewer's own (runtime/video.ts), so what is saved is what plays.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { isRtmpAddress, isStreamAddress } from '@/runtime/video';
import { clickEventIn } from './clickEvent';
import { array, characters, join, number, object, text, type Obj } from './reads';
import { at, reason, refuse, type LeafKind } from './reasons';

/** `data.items`: at most `maxSelectItems` objects, each a bounded `text` and a click event; `selectDatas` a list. */
export function selectSettings(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  const items = array(data, 'items', 'data');
  if (items !== undefined) {
    if (items.length > widgetTypes.maxSelectItems) refuse(at('data.items', reason('tooMany', { max: widgetTypes.maxSelectItems })));
    items.forEach((raw, i) => {
      const path = `data.items[${i}]`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) refuse(at(path, reason('notObject')));
      const item = raw as Obj;
      const label = text(item, 'text', path);
      if (label !== undefined && characters(label) > widgetTypes.maxSelectTextChars) {
        refuse(at(join(path, 'text'), reason('tooLong', { max: widgetTypes.maxSelectTextChars })));
      }
      clickEventIn(item, path);
    });
  }
  array(data, 'selectDatas', 'data');
}

/** One address of `data.dataAddon`: a text, bounded, blank or `allowed`. */
function address(addon: Obj, key: string, allowed: (a: string) => boolean, refusal: LeafKind): void {
  const path = join('data.dataAddon', key);
  const value = text(addon, key, 'data.dataAddon');
  if (value === undefined) return;
  if (characters(value) > widgetTypes.maxStreamAddressChars) refuse(at(path, reason('tooLong', { max: widgetTypes.maxStreamAddressChars })));
  if (value !== '' && !allowed(value)) refuse(at(path, reason(refusal)));
}

/** `data.dataAddon`: the played addresses, the RTMP address, the type, the serial number and the channel. */
export function videoSettings(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  const addon = object(data, 'dataAddon', 'data');
  if (addon === undefined) return;
  const path = 'data.dataAddon';
  text(addon, 'type', path);
  for (const key of widgetTypes.streamAddresses) address(addon, key, isStreamAddress, 'notStreamUrl');
  address(addon, 'rtmpReserve', isRtmpAddress, 'notRtmpUrl');
  const serial = text(addon, 'serialNumber', path);
  if (serial !== undefined && characters(serial) > widgetTypes.maxSerialChars) {
    refuse(at(join(path, 'serialNumber'), reason('tooLong', { max: widgetTypes.maxSerialChars })));
  }
  const channel = number(addon, 'channelNumber', path);
  if (channel !== undefined) {
    const bounds = widgetTypes.videoChannel;
    if (!Number.isInteger(channel)) refuse(at(join(path, 'channelNumber'), reason('notInteger')));
    if (channel < bounds.min || channel > bounds.max) refuse(at(join(path, 'channelNumber'), reason('outOfRange', { min: bounds.min, max: bounds.max })));
  }
}
