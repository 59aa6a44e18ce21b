/**
 * The video (ComplexVideo): a live camera picture in the widget's box, the stream chosen by runtime/video.ts
 * (HLS, then HTTP-FLV; an honest notice for RTMP only, for EZVIZ cloud video, for a refused or missing address).
 *
 * Live (env.live set) the <video> is muted, autoplays inline and fits the box (`style.fit`: contain by default);
 * the player libraries are loaded on first use (videoPlayers.ts) and destroyed when the widget goes. When the
 * stream fails the widget says why and tries again, 2 s, 4 s, 8 s … up to 30 s apart, for as long as the page is
 * open; a picture playing again resets the backoff. Nothing here throws into the page.
 *
 * In the designer and a version's preview (env.live null) it opens no stream: a dark frame with a camera and the
 * address it would play.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { objectFitOf, retryDelay, videoPlanOf, videoSettingsOf, type VideoPlan } from '../video';
import { startFlv, startHls, type StartedStream, type StreamFailure } from '../videoPlayers';
import { boxOf, type WidgetRenderProps } from './common';

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

function CameraIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" style={{ flex: 'none' }}>
      <rect x={2} y={6} width={14} height={12} rx={2} fill="none" stroke="currentColor" strokeWidth={1.6} />
      <path d="M16 10.5 L22 7 V17 L16 13.5 Z" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
      <circle cx={9} cy={12} r={2.4} fill="currentColor" />
    </svg>
  );
}

/** The dark frame with a camera and lines of text over it (the still drawing and every notice). */
function Notice({ size, lines, state, testId, children }: { size: number; lines: ReactNode[]; state: string; testId: string; children?: ReactNode }) {
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
function LivePlayer({ plan, fit, size, testId, videoId }: { plan: Extract<VideoPlan, { kind: 'hls' | 'flv' }>; fit: string; size: number; testId: string; videoId: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  // Each retry starts the player again under a new generation; failures in a row set the backoff.
  const [generation, setGeneration] = useState(0);
  const failures = useRef(0);

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

export function ComplexVideo({ widget, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const settings = useMemo(() => videoSettingsOf(widget.data), [widget.data]);
  const plan = useMemo(() => videoPlanOf(settings), [settings]);
  const b = boxOf(widget);
  const size = Math.max(9, Math.min(16, b.height / 10, b.width / 18));
  const testId = `video-${widget.id}`;

  let body: ReactNode;
  if (plan.kind === 'ezviz') {
    const device = plan.serialNumber ? t('runtime.video.ezvizDevice', { serial: plan.serialNumber, channel: plan.channelNumber }) : t('runtime.video.ezvizNoDevice');
    body = <Notice size={size} testId={testId} state="ezviz" lines={[t('runtime.video.ezviz'), device]} />;
  } else if (plan.kind === 'rtmp') {
    body = <Notice size={size} testId={testId} state="rtmp" lines={[t('runtime.video.rtmp'), t('runtime.video.rtmpHint'), plan.address]} />;
  } else if (plan.kind === 'refused') {
    body = <Notice size={size} testId={testId} state="refused" lines={[t('runtime.video.refused'), plan.address]} />;
  } else if (plan.kind === 'none') {
    body = <Notice size={size} testId={testId} state="none" lines={[t('runtime.video.none')]} />;
  } else if (env.live === null) {
    body = <Notice size={size} testId={testId} state="still" lines={[t(`runtime.video.${plan.kind}`), plan.url, t('runtime.video.still')]} />;
  } else {
    body = <LivePlayer plan={plan} fit={widget.style.fit} size={size} testId={testId} videoId={`video-el-${widget.id}`} />;
  }
  return (
    <foreignObject x={b.x} y={b.y} width={b.width} height={b.height}>
      {body}
    </foreignObject>
  );
}
