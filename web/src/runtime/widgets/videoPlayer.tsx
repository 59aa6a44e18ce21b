/**
 * What every video widget draws with (ComplexVideo's own streams and EZVIZ cloud video, video.tsx and
 * ezvizVideo.tsx): the dark frame with a camera and lines of text over it, and the live HLS / HTTP-FLV player.
 *
 * The player's <video> is muted, autoplays inline and fits the box (`style.fit`: contain by default); the player
 * libraries are loaded on first use (videoPlayers.ts) and destroyed when the widget goes. When the stream fails
 * it says why and tries again, 2 s, 4 s, 8 s … up to 30 s apart, for as long as the page is open; a picture
 * playing again resets the backoff. `onStreamFailure` lets the owner react too (an EZVIZ address may have
 * expired: it is asked again). Nothing here throws into the page.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { objectFitOf, retryDelay, type VideoPlan } from '../video';
import { startFlv, startHls, type StartedStream, type StreamFailure } from '../videoPlayers';

const FRAME: CSSProperties = {
  position: 'relative',
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  background: '#141414',
  color: '#D9D9D9',
  boxSizing: 'border-box',
};

const OVERLAY: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  padding: 8,
  textAlign: 'center',
  lineHeight: 1.35,
  wordBreak: 'break-all',
};

export function CameraIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" style={{ flex: 'none' }}>
      <rect x={2} y={6} width={14} height={12} rx={2} fill="none" stroke="currentColor" strokeWidth={1.6} />
      <path d="M16 10.5 L22 7 V17 L16 13.5 Z" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
      <circle cx={9} cy={12} r={2.4} fill="currentColor" />
    </svg>
  );
}

/** The dark frame with a camera and lines of text over it (the still drawing and every notice). */
export function Notice({ size, lines, state, testId, children }: { size: number; lines: ReactNode[]; state: string; testId: string; children?: ReactNode }) {
  return (
    <div style={FRAME} data-testid={testId} data-state={state}>
      {children}
      <div style={{ ...OVERLAY, fontSize: size, background: children ? 'rgba(0,0,0,0.55)' : undefined }}>
        <CameraIcon size={size * 2.2} />
        {lines.map((line, i) => (
          <div key={i} style={i === 0 ? { fontWeight: 600, color: '#F0F0F0' } : { opacity: 0.8 }}>
            {line}
          </div>
        ))}
      </div>
    </div>
  );
}

type Phase = { kind: 'loading' } | { kind: 'playing' } | { kind: 'error'; why: StreamFailure; detail: string; seconds: number; attempt: number };

/** The stream `plan` (HLS or FLV) in a <video>, with the error state and the retries. */
export function LivePlayer({
  plan,
  fit,
  size,
  testId,
  videoId,
  onStreamFailure,
}: {
  plan: Extract<VideoPlan, { kind: 'hls' | 'flv' }>;
  fit: string;
  size: number;
  testId: string;
  videoId: string;
  onStreamFailure?: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  // Each retry starts the player again under a new generation; failures in a row set the backoff.
  const [generation, setGeneration] = useState(0);
  const failures = useRef(0);
  // Read when a failure happens, so a new callback does not restart the stream.
  const onFailure = useRef(onStreamFailure);
  useEffect(() => {
    onFailure.current = onStreamFailure;
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    element.muted = true;
    let stream: StartedStream | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const fail = (why: StreamFailure, detail: string) => {
      if (stopped) return;
      failures.current += 1;
      const wait = retryDelay(failures.current);
      setPhase({ kind: 'error', why, detail, seconds: Math.round(wait / 1000), attempt: failures.current });
      clearTimeout(retry);
      retry = setTimeout(() => setGeneration((g) => g + 1), wait);
      onFailure.current?.();
    };
    const playing = () => {
      if (stopped) return;
      failures.current = 0;
      setPhase((p) => (p.kind === 'playing' ? p : { kind: 'playing' }));
    };
    element.addEventListener('playing', playing);
    setPhase((p) => (p.kind === 'error' ? p : { kind: 'loading' }));
    const start = plan.kind === 'hls' ? startHls : startFlv;
    start(element, plan.url, fail).then(
      (started) => {
        if (stopped) started.stop();
        else stream = started;
      },
      () => fail('other', ''),
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      element.removeEventListener('playing', playing);
      try {
        stream?.stop();
      } catch {
        // A player that fails to tear down must not take the page with it.
      }
    };
  }, [plan.kind, plan.url, generation]);

  let overlay: ReactNode = null;
  if (phase.kind === 'loading') {
    overlay = <div style={{ ...OVERLAY, fontSize: size }}>{t('runtime.video.loading')}</div>;
  } else if (phase.kind === 'error') {
    overlay = (
      <div style={{ ...OVERLAY, fontSize: size, background: 'rgba(0,0,0,0.7)' }} role="alert">
        <CameraIcon size={size * 2.2} />
        <div style={{ fontWeight: 600, color: '#FF7875' }}>{t(`runtime.video.error.${phase.why}`)}</div>
        {phase.detail && <div style={{ opacity: 0.7 }}>{phase.detail}</div>}
        <div style={{ opacity: 0.8 }}>{t('runtime.video.retry', { seconds: phase.seconds, attempt: phase.attempt })}</div>
      </div>
    );
  }
  return (
    <div style={FRAME} data-testid={testId} data-state={phase.kind}>
      <video
        ref={video}
        data-testid={videoId}
        muted
        autoPlay
        playsInline
        disablePictureInPicture
        style={{ width: '100%', height: '100%', objectFit: objectFitOf(fit), display: 'block', background: '#000' }}
      />
      {overlay}
    </div>
  );
}
