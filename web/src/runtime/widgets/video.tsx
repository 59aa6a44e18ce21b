/**
 * The video (ComplexVideo): a live camera picture in the widget's box, the stream chosen by runtime/video.ts
 * (HLS, then HTTP-FLV; EZVIZ cloud video through the server, ezvizVideo.tsx; an honest notice for RTMP only and
 * for a refused or missing address).
 *
 * Live (env.live set) the stream plays in videoPlayer.tsx's player: muted, inline, fitted to the box, retried
 * with a growing wait when it fails.
 *
 * In the designer and a version's preview (env.live null) it opens no stream: a dark frame with a camera and the
 * address it would play.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { videoPlanOf, videoSettingsOf } from '../video';
import { boxOf, type WidgetRenderProps } from './common';
import { EzvizVideo } from './ezvizVideo';
import { LivePlayer, Notice } from './videoPlayer';

export function ComplexVideo({ widget, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const settings = useMemo(() => videoSettingsOf(widget.data), [widget.data]);
  const plan = useMemo(() => videoPlanOf(settings), [settings]);
  const b = boxOf(widget);
  const size = Math.max(9, Math.min(16, b.height / 10, b.width / 18));
  const testId = `video-${widget.id}`;

  let body: ReactNode;
  if (plan.kind === 'ezviz') {
    body = (
      <EzvizVideo widgetId={widget.id} serialNumber={plan.serialNumber} channelNumber={plan.channelNumber} live={env.live} fit={widget.style.fit} size={size} />
    );
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
