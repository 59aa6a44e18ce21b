/**
 * The 3D model widget (UsualWebgl) as the viewer reads it. The spec names the type (at most one per page) and no
 * fields; the console's reading: a viewer of one glTF model of a piece of equipment, turned with the mouse or a
 * finger, optionally tinted by the widget's bound signal through the fill-colour animation rows (the first row
 * that holds sets the tint, as it sets a shape's fill). The settings sit in `data.dataAddon` (the parser keeps
 * them in `dataAddon.extra`):
 *
 * - `modelUrl`: a .glb or .gltf address, http(s) or the image library's `/userimg/…` (the server refuses any
 *   other on save: crates/domain/src/page/map_model.rs); blank: "no model chosen".
 * - `background`: the colour behind the model (#RGB, #RRGGBB, #RRGGBBAA; default #F0F2F5).
 * - `autoRotate` (default on) and `rotateSpeed` (turns a minute, 0.5 to 30, default 2).
 * - `distance`: the camera's distance in model sizes (1 to 10, default 2.5); `azimuth` (−180° to 180°, default
 *   30°) and `elevation` (−85° to 85°, default 20°): where the camera starts, around and above the model.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import type { WidgetData } from './document';
import { finiteOf } from './documentValues';

export interface ModelSettings {
  modelUrl: string;
  background: string;
  autoRotate: boolean;
  rotateSpeed: number;
  distance: number;
  azimuth: number;
  elevation: number;
}

export const MODEL_DEFAULTS: Readonly<ModelSettings> = Object.freeze({
  modelUrl: '',
  background: '#F0F2F5',
  autoRotate: true,
  rotateSpeed: 2,
  distance: 2.5,
  azimuth: 30,
  elevation: 20,
});

export const ROTATE_SPEED_BOUNDS = { min: 0.5, max: 30 } as const;
export const DISTANCE_BOUNDS = { min: 1, max: 10 } as const;
export const AZIMUTH_BOUNDS = { min: -180, max: 180 } as const;
export const ELEVATION_BOUNDS = { min: -85, max: 85 } as const;

const COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const LIBRARY_NAME = /^[A-Za-z0-9._/-]+$/;

/**
 * Whether the viewer loads `address`: an absolute http(s) URL with a host and no white space or control
 * characters, or a file of the image library (the server's `is_model_url`; both pass the shared cases).
 */
export function isModelUrl(address: string): boolean {
  if (/^https?:\/\/[^/?#]/i.test(address)) {
    // No white space or control character anywhere: the server's code points, generated.
    return ![...address].some((c) => {
      const code = c.codePointAt(0) ?? 0;
      return widgetTypes.notInLink.some(([first = 0, last = -1]) => code >= first && code <= last);
    });
  }
  const prefix = widgetTypes.modelLibraryPrefix;
  if (!address.startsWith(prefix)) return false;
  const name = address.slice(prefix.length);
  return name !== '' && !name.includes('..') && LIBRARY_NAME.test(name);
}

const inside = (value: unknown, bounds: { min: number; max: number }, fallback: number) => {
  const n = finiteOf(value);
  return n === undefined ? fallback : Math.min(bounds.max, Math.max(bounds.min, n));
};

/** The model's settings with the defaults above; an address the viewer would not load reads as none. */
export function modelSettingsOf(data: WidgetData): ModelSettings {
  const x = data.dataAddon.extra;
  const url = typeof x.modelUrl === 'string' ? x.modelUrl.trim() : '';
  return {
    modelUrl: isModelUrl(url) ? url : '',
    background: typeof x.background === 'string' && COLOUR.test(x.background) ? x.background : MODEL_DEFAULTS.background,
    autoRotate: x.autoRotate === undefined ? MODEL_DEFAULTS.autoRotate : x.autoRotate === true,
    rotateSpeed: inside(x.rotateSpeed, ROTATE_SPEED_BOUNDS, MODEL_DEFAULTS.rotateSpeed),
    distance: inside(x.distance, DISTANCE_BOUNDS, MODEL_DEFAULTS.distance),
    azimuth: inside(x.azimuth, AZIMUTH_BOUNDS, MODEL_DEFAULTS.azimuth),
    elevation: inside(x.elevation, ELEVATION_BOUNDS, MODEL_DEFAULTS.elevation),
  };
}

/** A model address the widget names but will not load (kept for the "no model chosen" note to be honest). */
export function refusedModelUrl(data: WidgetData): string | null {
  const raw = data.dataAddon.extra.modelUrl;
  const url = typeof raw === 'string' ? raw.trim() : '';
  return url !== '' && !isModelUrl(url) ? url : null;
}
