/**
 * /monitor/eg/track/:id: an equipment's track playback (docs/track.md). The operator picks a range (the last day
 * by default, at most 30 days, history's rules and texts), the server answers the path from the history of the
 * equipment's latitude and longitude signals, thinned to at most 2,000 points; the page draws it on the map and
 * plays it: play / pause, 1× to 8×, a time slider, and the time and position under the cursor.
 *
 * The map module (Leaflet) is imported when the page mounts, so it weighs only on this route.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, DatePicker, Descriptions, Flex, Segmented, Slider, Typography } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { egDetailPath, positiveIdOf } from '@/lib/paths';
import { formatBaseTime, fromPickerDate, toPickerDate } from '@/lib/chinaTime';
import { tileConfig } from '@/lib/map/tiles';
import { checkRange, rangeProblemText } from '@/entities/equipmentRecords/historyRange';
import { useEquipmentDetail } from '@/entities/equipment/detail';
import { useTrack, type TrackRequest } from './api';
import { SPEEDS, advance, atEnd, formatDegrees, positionAt, recentRange, span, type Speed } from './model';
import type { TrackMap } from './trackMap';

type Range = [number | null, number | null];

export default function TrackPage() {
  const { t } = useTranslation();
  const equipmentId = positiveIdOf(useParams().id) ?? 0;
  const detail = useEquipmentDetail(equipmentId);
  const [range, setRange] = useState<Range>(() => recentRange(Date.now()));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [request, setRequest] = useState<TrackRequest | null>(() => {
    const [startTime, endTime] = recentRange(Date.now());
    return equipmentId ? { equipmentId, startTime, endTime } : null;
  });
  const [run, setRun] = useState(0);
  const track = useTrack(request, run);
  const points = useMemo(() => track.data?.points ?? [], [track.data]);

  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<TrackMap | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [cursor, setCursor] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);

  useEffect(() => {
    let cancelled = false;
    let created: TrackMap | null = null;
    import('./trackMap').then(
      ({ createTrackMap }) => {
        if (cancelled || !container.current) return;
        created = createTrackMap(container.current, tileConfig(), setTilesFailed);
        setMap(created);
      },
      () => !cancelled && setMapFailed(true),
    );
    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, []);

  // A new path: drawn, the cursor at its start, stopped.
  useEffect(() => {
    map?.setPath(points);
    setCursor(span(points)?.start ?? 0);
    setPlaying(false);
  }, [map, points]);

  const position = positionAt(points, cursor);
  useEffect(() => map?.moveTo(position), [map, position]);

  // The playing clock: one step per animation frame, by the wall-clock time since the last.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const elapsed = now - last;
      last = now;
      setCursor((c) => {
        const next = advance(c, elapsed, speed, points);
        if (atEnd(next, points)) setPlaying(false);
        return next;
      });
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, points]);

  const rangeText = (start: number | null, end: number | null) => {
    const problem = checkRange(start, end);
    return problem ? rangeProblemText(problem, t) : null;
  };

  const query = () => {
    const problem = rangeText(range[0], range[1]);
    setRangeError(problem);
    if (problem) return;
    setRequest({ equipmentId, startTime: range[0] as number, endTime: range[1] as number });
    setRun((n) => n + 1);
  };

  const play = () => {
    if (atEnd(cursor, points)) setCursor(span(points)?.start ?? 0);
    setPlaying(true);
  };

  const pickerValue: [Dayjs | null, Dayjs | null] = [
    range[0] === null ? null : dayjs(toPickerDate(range[0])),
    range[1] === null ? null : dayjs(toPickerDate(range[1])),
  ];
  const whole = span(points);
  const name = detail.data?.equipment.equipName;

  return (
    <Flex vertical gap={12} data-testid="track-page">
      <Flex justify="space-between" align="baseline" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="track-title">
          {name ? t('track.title', { name }) : t('route.monitor.egTrack')}
        </Typography.Title>
        {equipmentId > 0 && <Link to={egDetailPath(equipmentId)}>{t('track.openDetail')}</Link>}
      </Flex>
      <Flex gap={12} wrap align="flex-start">
        <Flex vertical gap={4}>
          <DatePicker.RangePicker
            id="track-range"
            placeholder={[t('monitor.range.start'), t('monitor.range.end')]}
            showTime
            allowEmpty={[true, true]}
            order={false}
            format="YYYY-MM-DD HH:mm:ss"
            value={pickerValue}
            status={rangeError ? 'error' : undefined}
            onChange={(values) => {
              const next: Range = [
                values?.[0] ? fromPickerDate(values[0].toDate()) : null,
                values?.[1] ? fromPickerDate(values[1].toDate()) : null,
              ];
              setRange(next);
              setRangeError(rangeText(next[0], next[1]));
            }}
          />
          <Typography.Text type={rangeError ? 'danger' : 'secondary'} role={rangeError ? 'alert' : undefined} style={{ fontSize: 12 }} data-testid="track-range-error">
            {rangeError ?? t('monitor.history.rangeHint')}
          </Typography.Text>
        </Flex>
        <Button type="primary" onClick={query} loading={track.isFetching} data-testid="track-query">
          {t('track.query')}
        </Button>
      </Flex>
      {track.error && <Alert type="error" showIcon message={track.error.message} data-testid="track-error" />}
      {track.data && points.length === 0 && <Alert type="info" showIcon message={t('track.empty')} data-testid="track-empty" />}
      {track.data?.simplified && (
        <Typography.Text type="secondary" data-testid="track-simplified">
          {t('track.simplified', { shown: points.length, total: track.data.total })}
        </Typography.Text>
      )}
      {mapFailed && <Alert type="error" showIcon message={t('track.mapFailed')} />}
      {tilesFailed && <Alert type="warning" showIcon message={t('track.tilesFailed')} />}
      <div ref={container} data-testid="track-map" style={{ height: 460, borderRadius: 8, overflow: 'hidden', background: '#eef1f5' }} />
      <Flex gap={16} wrap align="center">
        {playing ? (
          <Button icon={<PauseOutlined />} onClick={() => setPlaying(false)} data-testid="track-pause">
            {t('track.pause')}
          </Button>
        ) : (
          <Button type="primary" icon={<CaretRightOutlined />} onClick={play} disabled={points.length < 2} data-testid="track-play">
            {t('track.play')}
          </Button>
        )}
        <span data-testid="track-speed">
          <Segmented<Speed>
            aria-label={t('track.speed')}
            value={speed}
            onChange={setSpeed}
            options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          />
        </span>
        <div style={{ flex: 1, minWidth: 240 }} data-testid="track-slider">
          <Slider
            min={whole?.start ?? 0}
            max={whole?.end ?? 1}
            value={cursor}
            disabled={!whole}
            tooltip={{ formatter: (v) => (v === undefined ? '' : formatBaseTime(v)) }}
            onChange={(v) => {
              setPlaying(false);
              setCursor(v);
            }}
            aria-label={t('track.slider')}
          />
        </div>
      </Flex>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 3 }} data-testid="track-values">
        <Descriptions.Item label={t('track.time')}>
          <span data-testid="track-time">{position ? formatBaseTime(position.t) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('track.latitude')}>
          <span data-testid="track-lat">{position ? formatDegrees(position.lat) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('track.longitude')}>
          <span data-testid="track-lng">{position ? formatDegrees(position.lng) : '—'}</span>
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
