/**
 * EZVIZ cloud video (a ComplexVideo whose type is not `stream`, docs/ezviz.md): the camera's live HLS address
 * comes from the server (runtime/ezviz.ts), which holds the organisation's EZVIZ key, and plays in the same
 * player as the widget's own streams (videoPlayer.tsx).
 *
 * - A saved page asks by its page and this widget; the designer's draft shown live asks by serial number for the
 *   page's owner (a manager's preview). Where a page runs without a page of its own to name, the widget says so.
 * - The address is asked again before it expires and when the stream fails (it may have expired early); the
 *   server's cache answers a still-good one without asking EZVIZ.
 * - A refusal is shown as the server words it, in the reader's language: no key linked (an administrator must
 *   link it), EZVIZ unreachable, EZVIZ's own refusal with its code; it is asked again every 30 s.
 *
 * In the designer and a version's preview (env.live null) it opens nothing: the camera, the device and channel.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ezvizAddressQuery, type EzvizSource } from '../ezviz';
import type { LivePage } from '../types';
import type { LiveTarget } from './common';
import { LivePlayer, Notice } from './videoPlayer';

interface EzvizVideoProps {
  widgetId: string;
  serialNumber: string;
  channelNumber: number;
  live: LiveTarget | null;
  fit: string;
  size: number;
}

/** What to ask for: the widget of a stored page, or the draft's serial for the page's owner; null: no page. */
export function ezvizSourceOf(page: LivePage | undefined, widgetId: string, serialNumber: string, channelNumber: number): EzvizSource | null {
  if (!page) return null;
  if (page.draft) return { kind: 'preview', owner: page.owner, serialNumber, channelNumber };
  return { kind: 'widget', pageId: page.id, widgetId };
}

export function EzvizVideo({ widgetId, serialNumber, channelNumber, live, fit, size }: EzvizVideoProps) {
  const { t } = useTranslation();
  const testId = `video-${widgetId}`;
  const device = serialNumber ? t('runtime.video.ezvizDevice', { serial: serialNumber, channel: channelNumber }) : t('runtime.video.ezvizNoDevice');
  if (live === null) {
    return <Notice size={size} testId={testId} state="still" lines={[t('runtime.video.ezviz'), device, t('runtime.video.still')]} />;
  }
  if (!serialNumber) {
    return <Notice size={size} testId={testId} state="ezviz-none" lines={[t('runtime.video.ezviz'), device]} />;
  }
  // The share view asks no console call (a visitor holds no account, and the camera spends the organisation's quota).
  if (!live.calls.ezviz) {
    return <Notice size={size} testId={testId} state="ezviz-none" lines={[t('runtime.video.ezviz'), device, t('runtime.video.ezvizNotShared')]} />;
  }
  const source = ezvizSourceOf(live.page, widgetId, serialNumber, channelNumber);
  if (!source) {
    return <Notice size={size} testId={testId} state="ezviz-none" lines={[t('runtime.video.ezviz'), device, t('runtime.video.ezvizNoPage')]} />;
  }
  return <EzvizLive source={source} device={device} fit={fit} size={size} testId={testId} videoId={`video-el-${widgetId}`} />;
}

function EzvizLive({ source, device, fit, size, testId, videoId }: { source: EzvizSource; device: string; fit: string; size: number; testId: string; videoId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(ezvizAddressQuery(source, i18n.language));
  const { refetch } = query;
  // A failing stream may be an address that expired early: ask again (the server answers a good one from its cache).
  const refresh = useCallback(() => void refetch(), [refetch]);
  const plan = useMemo(() => (query.data ? { kind: 'hls' as const, url: query.data.url } : null), [query.data]);

  if (plan) return <LivePlayer plan={plan} fit={fit} size={size} testId={testId} videoId={videoId} onStreamFailure={refresh} />;
  if (query.isError) {
    return (
      <div role="alert" style={{ width: '100%', height: '100%' }}>
        <Notice
          size={size}
          testId={testId}
          state="ezviz-error"
          lines={[<span style={{ color: '#FF7875' }}>{query.error.message}</span>, device, t('runtime.video.ezvizRetry')]}
        />
      </div>
    );
  }
  return <Notice size={size} testId={testId} state="loading" lines={[t('runtime.video.ezviz'), device, t('runtime.video.loading')]} />;
}
