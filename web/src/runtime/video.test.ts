/** The video's reader: settings with defaults, the address rule, which stream plays, the retry backoff. */
import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from './document';
import { isRtmpAddress, isStreamAddress, objectFitOf, retryDelay, videoPlanOf, videoSettingsOf, type VideoSettings } from './video';

function widget(dataAddon: unknown): Widget {
  return parsePageDocument({ widgets: [{ id: 'v', widgetType: 'ComplexVideo', position: { x: 0, y: 0, width: 320, height: 240 }, data: { dataAddon } }] })
    .widgets[0] as Widget;
}
const settings = (dataAddon: unknown) => videoSettingsOf(widget(dataAddon).data);

describe('videoSettingsOf', () => {
  it("defaults to a stream with no address, channel 1, no pan-tilt", () => {
    expect(settings(undefined)).toEqual({ type: 'stream', hls: '', flv: '', rtmp: '', serialNumber: '', channelNumber: 1, panTilt: false });
  });

  it('reads the stored fields, any type other than stream as EZVIZ', () => {
    expect(
      settings({ type: 'stream', hlsReserve: ' /live/a.m3u8 ', flvReserve: 'http://h/a.flv', rtmpReserve: 'rtmp://h/a', PanTilt: true }),
    ).toMatchObject({ type: 'stream', hls: '/live/a.m3u8', flv: 'http://h/a.flv', rtmp: 'rtmp://h/a', panTilt: true });
    expect(settings({ type: 'ezviz', serialNumber: 'D123', channelNumber: 4 })).toMatchObject({ type: 'ezviz', serialNumber: 'D123', channelNumber: 4 });
    expect(settings({ type: 'ys7' }).type).toBe('ezviz');
  });

  it('takes defaults for bad fields', () => {
    expect(settings({ type: null, hlsReserve: 5, serialNumber: {}, channelNumber: 0, PanTilt: 'yes' })).toEqual({
      type: 'stream', hls: '', flv: '', rtmp: '', serialNumber: '', channelNumber: 1, panTilt: false,
    });
    expect(settings({ channelNumber: 2.5 }).channelNumber).toBe(1);
    expect(settings({ channelNumber: '3' }).channelNumber).toBe(3);
  });

  it('survives the designer writing the widget back (the type is not a gauge type)', () => {
    const w = widget({ type: 'ezviz' });
    expect(w.data.dataAddon.type).toBe('ezviz');
  });
});

describe('the address rules', () => {
  it('plays http(s) addresses and console paths, nothing else', () => {
    for (const ok of ['https://cam.example/live/s.m3u8', 'HTTP://10.0.0.2:8080/a.flv', '/live/s.m3u8']) expect(isStreamAddress(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example/s.m3u8', '/\\evil.example', 'live/s.m3u8', 'rtmp://h/a', '/a b', 'https://', 'data:video/mp4,x']) {
      expect(isStreamAddress(bad), bad).toBe(false);
    }
  });

  it('names only rtmp(s) addresses with a host as RTMP', () => {
    expect(isRtmpAddress('rtmp://media.example/live')).toBe(true);
    expect(isRtmpAddress('RTMPS://media.example:443/app')).toBe(true);
    for (const bad of ['rtmp://', 'http://media.example/a', 'rtmp://a b', 'javascript:x']) expect(isRtmpAddress(bad), bad).toBe(false);
  });
});

describe('videoPlanOf', () => {
  const base: VideoSettings = { type: 'stream', hls: '', flv: '', rtmp: '', serialNumber: '', channelNumber: 1, panTilt: false };
  const all = { ...base, hls: '/live/a.m3u8', flv: '/live/a.flv', rtmp: 'rtmp://h/a' };

  it('prefers HLS, then FLV, then the RTMP notice', () => {
    expect(videoPlanOf(all)).toEqual({ kind: 'hls', url: '/live/a.m3u8' });
    expect(videoPlanOf({ ...all, hls: '' })).toEqual({ kind: 'flv', url: '/live/a.flv' });
    expect(videoPlanOf({ ...all, hls: '', flv: '' })).toEqual({ kind: 'rtmp', address: 'rtmp://h/a' });
    expect(videoPlanOf(base)).toEqual({ kind: 'none' });
  });

  it('skips a refused address for the next one, and says so when nothing else is there', () => {
    expect(videoPlanOf({ ...all, hls: 'javascript:x' })).toEqual({ kind: 'flv', url: '/live/a.flv' });
    expect(videoPlanOf({ ...base, hls: 'javascript:x' })).toEqual({ kind: 'refused', address: 'javascript:x' });
    expect(videoPlanOf({ ...base, flv: 'ftp://x', rtmp: 'rtmp://h/a' })).toEqual({ kind: 'rtmp', address: 'rtmp://h/a' });
  });

  it('EZVIZ whatever addresses are set', () => {
    expect(videoPlanOf({ ...all, type: 'ezviz', serialNumber: 'D1', channelNumber: 2 })).toEqual({ kind: 'ezviz', serialNumber: 'D1', channelNumber: 2 });
  });
});

describe('retries and fit', () => {
  it('backs off 2, 4, 8 … seconds, at most 30', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('fits the picture as the image does', () => {
    expect([objectFitOf(''), objectFitOf('cover'), objectFitOf('stretch'), objectFitOf('odd')]).toEqual(['contain', 'cover', 'fill', 'contain']);
  });
});
