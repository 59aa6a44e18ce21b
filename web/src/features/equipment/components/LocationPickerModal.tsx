/**
 * "Pick on map" for the info form's latitude and longitude: a dialog with a map where a click places (or moves)
 * a draggable marker; the picked place is shown rounded to 6 decimals, OK hands it to the form, Cancel changes
 * nothing. Leaflet is imported when the dialog opens (location/leafletPicker.ts), never with the info tab.
 * Without tiles (no internet) the map has a plain background, clicks still pick, and a notice says so.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tileConfig } from '@/lib/map/tiles';
import type { LocationPicker } from '../location/leafletPicker';
import { formatCoordinate, type LatLng } from '../location/model';

interface LocationPickerModalProps {
  open: boolean;
  /** The place the form has when the dialog opens; null when it has none (the map opens on a default view). */
  initial: LatLng | null;
  onConfirm: (point: LatLng) => void;
  onCancel: () => void;
}

export function LocationPickerModal({ open, initial, onConfirm, onCancel }: LocationPickerModalProps) {
  const { t } = useTranslation();
  const [point, setPoint] = useState<LatLng | null>(initial);
  const [picker, setPicker] = useState<LocationPicker | null>(null);

  // Each opening starts from the form's place (the body below is destroyed on close).
  useEffect(() => {
    if (open) setPoint(initial);
  }, [open, initial]);

  return (
    <Modal
      open={open}
      title={t('equipment.location.title')}
      width={760}
      destroyOnHidden
      onCancel={onCancel}
      afterOpenChange={(opened) => {
        if (opened) picker?.refresh();
      }}
      okText={t('equipment.location.confirm')}
      cancelText={t('equipment.cancel')}
      okButtonProps={{ disabled: point === null, id: 'location-picker-ok' }}
      cancelButtonProps={{ id: 'location-picker-cancel' }}
      onOk={() => {
        if (point) onConfirm(point);
      }}
    >
      <PickerBody initial={initial} onPick={setPoint} onPicker={setPicker} />
      <Flex
        align="center"
        gap={8}
        wrap
        style={{ marginTop: 12, minHeight: 22 }}
        data-testid="location-picked"
        data-latitude={point?.latitude ?? ''}
        data-longitude={point?.longitude ?? ''}
      >
        {point ? (
          <>
            <Typography.Text type="secondary">{t('equipment.location.picked')}</Typography.Text>
            <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('equipment.location.coordinates', {
                latitude: formatCoordinate(point.latitude),
                longitude: formatCoordinate(point.longitude),
              })}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{t('equipment.location.nonePicked')}</Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}

type Load = 'loading' | 'ready' | 'failed';

/** The map itself: loads Leaflet, creates the picker on mount, removes it on unmount. The callbacks are state
 * setters (stable), so the map is created once per attempt. */
function PickerBody({
  initial,
  onPick,
  onPicker,
}: {
  initial: LatLng | null;
  onPick: (point: LatLng) => void;
  onPicker: (picker: LocationPicker | null) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState<Load>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The place the map opens on is read once; later picks do not move the view.
  const opening = useRef(initial);
  // The marker's name is read when the map is created (the dialog is rebuilt each time it opens).
  const markerTitle = useRef(t('equipment.location.marker'));

  useEffect(() => {
    let cancelled = false;
    let created: LocationPicker | null = null;
    setLoad('loading');
    import('../location/leafletPicker').then(
      ({ createLocationPicker }) => {
        if (cancelled || !container.current) return;
        created = createLocationPicker(container.current, {
          tiles: tileConfig(),
          initial: opening.current,
          markerTitle: markerTitle.current,
          onPick,
          onTilesFailed: setTilesFailed,
        });
        onPicker(created);
        setLoad('ready');
      },
      () => {
        if (!cancelled) setLoad('failed');
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      onPicker(null);
    };
  }, [attempt, onPick, onPicker]);

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('equipment.location.hint')}</Typography.Text>
      {load === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="location-map-failed"
          message={t('equipment.location.mapFailed')}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {tilesFailed && (
        <Alert type="warning" showIcon data-testid="location-tiles-failed" message={t('equipment.location.tilesFailed')} />
      )}
      <div style={{ position: 'relative' }}>
        <div
          ref={container}
          data-testid="location-map"
          role="region"
          aria-label={t('equipment.location.mapLabel')}
          style={{ height: 400, borderRadius: 8, background: '#e9eef2', overflow: 'hidden', cursor: 'crosshair' }}
        />
        {load === 'loading' && (
          <Flex justify="center" align="center" style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.5)', zIndex: 1000 }}>
            <Spin />
          </Flex>
        )}
      </div>
    </Flex>
  );
}
