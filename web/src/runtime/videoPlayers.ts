/**
 * Starts a stream in a <video> element: HLS with hls.js where the browser has Media Source Extensions, natively
 * where the browser plays HLS itself (Safari on iOS), HTTP-FLV with mpegts.js. The libraries are imported only
 * here and only when a page shows a video (each its own chunk), so no other page, the login page included, loads
 * them. Each start answers a stop that destroys what it made; a fatal error of the stream is reported once through
 * `onError` (the widget then shows it and retries with a backoff, runtime/video.ts `retryDelay`).
 */

/** Why a stream cannot play, for the widget's text (runtime.video.error.<kind>). */
export type StreamFailure = 'network' | 'media' | 'unsupported' | 'other';

export interface StartedStream {
  stop(): void;
}

/** Whether this browser has Media Source Extensions (hls.js and mpegts.js need them). */
function hasMse(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

function playQuietly(video: HTMLVideoElement): void {
  // A muted video may autoplay; a refusal (a background tab) is not a stream failure: it plays when shown.
  void video.play().catch(() => undefined);
}

/** Plays an HLS address in `video`. */
export async function startHls(video: HTMLVideoElement, url: string, onError: (why: StreamFailure, detail: string) => void): Promise<StartedStream> {
  if (!hasMse()) {
    if (video.canPlayType('application/vnd.apple.mpegurl') === '') {
      onError('unsupported', '');
      return { stop() {} };
    }
    // The browser plays HLS itself.
    const failed = () => onError('media', video.error?.message ?? '');
    video.addEventListener('error', failed);
    video.src = url;
    playQuietly(video);
    return {
      stop() {
        video.removeEventListener('error', failed);
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    onError('unsupported', '');
    return { stop() {} };
  }
  // A live picture: start near the live edge, never buffer minutes of an old picture.
  const hls = new Hls({ liveSyncDurationCount: 3, maxBufferLength: 10, backBufferLength: 10 });
  let reported = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || reported) return;
    reported = true;
    const why: StreamFailure =
      data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : data.type === Hls.ErrorTypes.MEDIA_ERROR ? 'media' : 'other';
    onError(why, data.details);
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => playQuietly(video));
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    stop() {
      reported = true;
      hls.destroy();
    },
  };
}

/** Plays an HTTP-FLV address in `video`. */
export async function startFlv(video: HTMLVideoElement, url: string, onError: (why: StreamFailure, detail: string) => void): Promise<StartedStream> {
  if (!hasMse()) {
    onError('unsupported', '');
    return { stop() {} };
  }
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.getFeatureList().mseLivePlayback) {
    onError('unsupported', '');
    return { stop() {} };
  }
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url }, { enableStashBuffer: false, liveBufferLatencyChasing: true });
  let reported = false;
  player.on(mpegts.Events.ERROR, (type: string, detail: string) => {
    if (reported) return;
    reported = true;
    onError(type === mpegts.ErrorTypes.NETWORK_ERROR ? 'network' : type === mpegts.ErrorTypes.MEDIA_ERROR ? 'media' : 'other', detail);
  });
  player.attachMediaElement(video);
  player.load();
  playQuietly(video);
  return {
    stop() {
      reported = true;
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}
