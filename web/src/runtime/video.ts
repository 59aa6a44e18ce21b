/**
 * The video (ComplexVideo; spec section 3: "Video: dataAddon type stream, PanTilt, serialNumber, channelNumber,
 * flvReserve, hlsReserve, rtmpReserve") as the viewer and the designer read it: the settings, the address rule
 * and which stream the widget plays, as pure functions tested without a browser. Every field sits in
 * `data.dataAddon` (its `type` read by the document parser, the rest kept in `dataAddon.extra`).
 *
 * - `type` 'stream' (the default) plays one of the widget's own addresses, preferring HLS (`hlsReserve`, an
 *   .m3u8 address), then HTTP-FLV (`flvReserve`); browsers cannot play RTMP (`rtmpReserve`), so a widget with
 *   only an RTMP address says so and suggests an HLS or FLV one.
 * - Any other type is EZVIZ cloud video (`serialNumber`, `channelNumber`): its live HLS address comes from the
 *   server, which holds the organisation's EZVIZ key (runtime/ezviz.ts, docs/ezviz.md). `PanTilt` (the pan/tilt
 *   controls) is EZVIZ's too: stored, not drawn yet.
 *
 * The addresses the widget fetches are checked by {@link isStreamAddress}, the server's rule
 * (crates/domain/src/page/select_video.rs): an absolute http(s) URL or a path on the console (`/live/…`).
 */
import widgetTypes from '@/generated/widgetTypes.json';
import type { WidgetData } from './document';
import { finiteOf } from './documentValues';
import { isHttpUrl, refusedInLink } from './addressRules';

export const VIDEO_TYPES = ['stream', 'ezviz'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** The longest stream address, in characters (the server's limit, generated). */
export const MAX_STREAM_ADDRESS_CHARS: number = widgetTypes.maxStreamAddressChars;
/** The longest EZVIZ serial number (the server's limit). */
export const MAX_SERIAL_CHARS: number = widgetTypes.maxSerialChars;
/** The EZVIZ channel's bounds (the server's). */
export const VIDEO_CHANNEL: { min: number; max: number } = widgetTypes.videoChannel;

export interface VideoSettings {
  /** 'stream' plays the widget's own addresses; 'ezviz' (any other stored type) is EZVIZ cloud video. */
  type: VideoType;
  hls: string;
  flv: string;
  rtmp: string;
  serialNumber: string;
  /** The EZVIZ channel, 1 when the document gives none that is usable. */
  channelNumber: number;
  /** EZVIZ's pan/tilt controls asked for (stored; drawn with EZVIZ). */
  panTilt: boolean;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The video settings of `data`, with the spec's defaults ('stream', no addresses, channel 1). */
export function videoSettingsOf(data: WidgetData): VideoSettings {
  const addon = data.dataAddon;
  const x = addon.extra;
  const channel = finiteOf(x.channelNumber);
  const usableChannel = channel !== undefined && Number.isInteger(channel) && channel >= VIDEO_CHANNEL.min && channel <= VIDEO_CHANNEL.max;
  return {
    type: addon.type === '' || addon.type === 'stream' ? 'stream' : 'ezviz',
    hls: textOf(x.hlsReserve),
    flv: textOf(x.flvReserve),
    rtmp: textOf(x.rtmpReserve),
    serialNumber: textOf(x.serialNumber),
    channelNumber: usableChannel ? channel : 1,
    panTilt: x.PanTilt === true || x.PanTilt === 'true',
  };
}

/**
 * An address the viewer plays (the server's rule): an absolute http(s) URL, or a path on the console: `/` then
 * anything but a second `/` or a `\` (either would make the browser read another host), without white space or
 * control characters.
 */
export function isStreamAddress(address: string): boolean {
  if (isHttpUrl(address)) return true;
  if (!address.startsWith('/')) return false;
  const rest = address.slice(1);
  if (rest.startsWith('/') || rest.startsWith('\\')) return false;
  for (const c of address) if (refusedInLink(c.codePointAt(0) ?? 0)) return false;
  return true;
}

/** An `rtmp://` or `rtmps://` address with a host (never fetched: only named in the widget). */
export function isRtmpAddress(address: string): boolean {
  const lower = address.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
  const scheme = widgetTypes.rtmpSchemes.find((s) => lower.startsWith(s));
  if (scheme === undefined) return false;
  const rest = lower.slice(scheme.length);
  const host = rest.split(/[/?#]/)[0] ?? '';
  if (host === '') return false;
  for (const c of address) if (refusedInLink(c.codePointAt(0) ?? 0)) return false;
  return true;
}

/** What the widget does with its settings. */
export type VideoPlan =
  | { kind: 'hls'; url: string }
  | { kind: 'flv'; url: string }
  /** Only an RTMP address: browsers cannot play it. */
  | { kind: 'rtmp'; address: string }
  /** EZVIZ cloud video: its address is asked of the server (runtime/ezviz.ts). */
  | { kind: 'ezviz'; serialNumber: string; channelNumber: number }
  /** An address is set but the rule refuses it (a page saved before the rule, a hand-edited one). */
  | { kind: 'refused'; address: string }
  /** Nothing to play. */
  | { kind: 'none' };

/** Which stream the widget plays: HLS, then FLV, then the RTMP notice; EZVIZ for any other type. */
export function videoPlanOf(settings: VideoSettings): VideoPlan {
  if (settings.type === 'ezviz') return { kind: 'ezviz', serialNumber: settings.serialNumber, channelNumber: settings.channelNumber };
  let refused: string | null = null;
  for (const [kind, address] of [
    ['hls', settings.hls],
    ['flv', settings.flv],
  ] as const) {
    if (address === '') continue;
    if (isStreamAddress(address)) return { kind, url: address };
    refused ??= address;
  }
  if (settings.rtmp !== '') return { kind: 'rtmp', address: settings.rtmp };
  return refused === null ? { kind: 'none' } : { kind: 'refused', address: refused };
}

/** The first retry waits this long, each next one twice as long, up to {@link MAX_RETRY_MS}. */
export const FIRST_RETRY_MS = 2000;
export const MAX_RETRY_MS = 30_000;

/** How long to wait before retry number `attempt` (1 for the first) after a stream failed. */
export function retryDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

/** `style.fit` as CSS object-fit: contain by default (the whole picture in the box), cover, or fill (stretched). */
export function objectFitOf(fit: string): 'contain' | 'cover' | 'fill' {
  if (fit === 'cover') return 'cover';
  if (fit === 'fill' || fit === 'stretch') return 'fill';
  return 'contain';
}
