/**
 * The map's (ComplexMap) and the 3D model's (UsualWebgl) own settings, read as the viewer reads them
 * (runtime/mapWidget.ts `mapSettingsOf`, runtime/modelWidget.ts `modelSettingsOf`) and written where it reads
 * them: the map's in `data` (kept by the parser in `data.extra`), the model's in `data.dataAddon` (kept in
 * `dataAddon.extra`). Bounds are the viewer's and the server's (generated from crates/domain/src/page/map_model.rs).
 *
 * The map's centre is a switch: off (the default) the map fits its markers; on, it writes a latitude and a
 * longitude (starting at the console's empty-map centre, 35° N 105° E) that the two number fields then edit. The
 * equipment list is chosen from the organisation's equipment the engineer may see (editor/EquipmentListField.tsx).
 */
import type { Widget } from '@/runtime/document';
import {
  DEFAULT_MAP_ZOOM,
  LATITUDE_BOUNDS,
  LONGITUDE_BOUNDS,
  MAP_THEMES,
  MAP_ZOOM_BOUNDS,
  MAX_MAP_EQUIPMENTS,
  mapEquipmentsOf,
  mapSettingsOf,
} from '@/runtime/mapWidget';
import {
  AZIMUTH_BOUNDS,
  DISTANCE_BOUNDS,
  ELEVATION_BOUNDS,
  MODEL_DEFAULTS,
  ROTATE_SPEED_BOUNDS,
  modelSettingsOf,
} from '@/runtime/modelWidget';
import { addon, dataExtra, num, text } from './helpers';
import type { FieldDef } from './types';

/** Where a centre starts when first switched on (the console's empty-map centre). */
export const NEW_CENTRE = { latitude: 35, longitude: 105 } as const;
/** Longest address label, in characters. */
export const MAX_MAP_ADDRESS = 100;
/** Longest model address, in characters. */
export const MAX_MODEL_URL = 500;

const map = (w: Widget) => mapSettingsOf(w.data);
const model = (w: Widget) => modelSettingsOf(w.data);
const withModel = (w: Widget, patch: Record<string, unknown>): Widget => addon(w, { extra: { ...w.data.dataAddon.extra, ...patch } });
const whole = (v: unknown, bounds: { min: number; max: number }, fallback: number) =>
  Math.min(bounds.max, Math.max(bounds.min, Math.round(num(v, fallback))));
const clamp = (v: unknown, bounds: { min: number; max: number }, fallback: number) => Math.min(bounds.max, Math.max(bounds.min, num(v, fallback)));

export const MAP_FIELDS: readonly FieldDef[] = [
  {
    id: 'mapEquipments',
    type: { kind: 'equipments', max: MAX_MAP_EQUIPMENTS },
    get: (w) => map(w).equipments,
    set: (w, v) => dataExtra(w, { equipments: mapEquipmentsOf(v) }),
  },
  {
    id: 'mapZoom',
    type: { kind: 'number', min: MAP_ZOOM_BOUNDS.min, max: MAP_ZOOM_BOUNDS.max, step: 1 },
    get: (w) => map(w).zoom,
    set: (w, v) => dataExtra(w, { zoom: whole(v, MAP_ZOOM_BOUNDS, DEFAULT_MAP_ZOOM) }),
  },
  {
    id: 'mapCentre',
    type: { kind: 'switch' },
    get: (w) => map(w).centre !== null,
    set: (w, v) => {
      if (v !== true) return dataExtra(w, { latitude: undefined, longitude: undefined });
      const centre = map(w).centre ?? NEW_CENTRE;
      return dataExtra(w, { latitude: centre.latitude, longitude: centre.longitude });
    },
  },
  {
    id: 'mapLatitude',
    type: { kind: 'number', min: LATITUDE_BOUNDS.min, max: LATITUDE_BOUNDS.max, step: 0.0001 },
    get: (w) => map(w).centre?.latitude,
    set: (w, v) => dataExtra(w, { latitude: clamp(v, LATITUDE_BOUNDS, NEW_CENTRE.latitude) }),
    shown: (w) => map(w).centre !== null,
  },
  {
    id: 'mapLongitude',
    type: { kind: 'number', min: LONGITUDE_BOUNDS.min, max: LONGITUDE_BOUNDS.max, step: 0.0001 },
    get: (w) => map(w).centre?.longitude,
    set: (w, v) => dataExtra(w, { longitude: clamp(v, LONGITUDE_BOUNDS, NEW_CENTRE.longitude) }),
    shown: (w) => map(w).centre !== null,
  },
  {
    id: 'mapAddress',
    type: { kind: 'text', max: MAX_MAP_ADDRESS },
    get: (w) => map(w).address,
    set: (w, v) => dataExtra(w, { address: text(v).trim() }),
  },
  {
    id: 'mapTheme',
    type: { kind: 'choice', options: MAP_THEMES },
    get: (w) => map(w).theme,
    set: (w, v) => dataExtra(w, { theme: MAP_THEMES.find((t) => t === v) ?? 'white' }),
  },
  {
    id: 'mapTotalCount',
    type: { kind: 'switch' },
    get: (w) => map(w).totalCount,
    set: (w, v) => dataExtra(w, { totalCount: v === true }),
  },
  {
    id: 'mapEquipProportion',
    type: { kind: 'switch' },
    get: (w) => map(w).equipProportion,
    set: (w, v) => dataExtra(w, { equipProportion: v === true }),
  },
];

export const MODEL_FIELDS: readonly FieldDef[] = [
  {
    id: 'modelUrl',
    // Typed, or a model uploaded to the image library; one the viewer would not load is marked (the server refuses it).
    type: { kind: 'model', max: MAX_MODEL_URL },
    get: (w) => model(w).modelUrl,
    set: (w, v) => withModel(w, { modelUrl: text(v).trim() }),
  },
  {
    id: 'modelBackground',
    type: { kind: 'colour' },
    get: (w) => model(w).background,
    set: (w, v) => withModel(w, { background: text(v) || MODEL_DEFAULTS.background }),
  },
  {
    id: 'modelAutoRotate',
    type: { kind: 'switch' },
    get: (w) => model(w).autoRotate,
    set: (w, v) => withModel(w, { autoRotate: v === true }),
  },
  {
    id: 'modelRotateSpeed',
    type: { kind: 'number', min: ROTATE_SPEED_BOUNDS.min, max: ROTATE_SPEED_BOUNDS.max, step: 0.5 },
    get: (w) => model(w).rotateSpeed,
    set: (w, v) => withModel(w, { rotateSpeed: clamp(v, ROTATE_SPEED_BOUNDS, MODEL_DEFAULTS.rotateSpeed) }),
    shown: (w) => model(w).autoRotate,
  },
  {
    id: 'modelDistance',
    type: { kind: 'number', min: DISTANCE_BOUNDS.min, max: DISTANCE_BOUNDS.max, step: 0.5 },
    get: (w) => model(w).distance,
    set: (w, v) => withModel(w, { distance: clamp(v, DISTANCE_BOUNDS, MODEL_DEFAULTS.distance) }),
  },
  {
    id: 'modelAzimuth',
    type: { kind: 'number', min: AZIMUTH_BOUNDS.min, max: AZIMUTH_BOUNDS.max, step: 5 },
    get: (w) => model(w).azimuth,
    set: (w, v) => withModel(w, { azimuth: clamp(v, AZIMUTH_BOUNDS, MODEL_DEFAULTS.azimuth) }),
  },
  {
    id: 'modelElevation',
    type: { kind: 'number', min: ELEVATION_BOUNDS.min, max: ELEVATION_BOUNDS.max, step: 5 },
    get: (w) => model(w).elevation,
    set: (w, v) => withModel(w, { elevation: clamp(v, ELEVATION_BOUNDS, MODEL_DEFAULTS.elevation) }),
  },
];
