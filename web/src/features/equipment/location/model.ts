/**
 * The rules of the location picker, kept apart from Leaflet so they can be tested without a map: what a click on
 * the map becomes in the form (latitude clamped to ±90, longitude wrapped into ±180, both rounded to 6 decimals,
 * about 0.1 m) and whether the form's values are a place the map can open on.
 */
import { LATITUDE, LONGITUDE } from '../model';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Decimals kept of a picked coordinate: 6 decimals of a degree are about 0.11 m at the equator. */
export const COORDINATE_DECIMALS = 6;

/** The zoom the picker opens at around a known place (spec section 9: map zoom 12). */
export const LOCATION_ZOOM = 12;

/** `value` rounded to {@link COORDINATE_DECIMALS} decimals; never `-0`. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * A longitude in -180 … 180. A map that wraps around the world answers longitudes beyond ±180 for clicks on a
 * neighbouring copy of the world (e.g. 200 for -160); the place is the same.
 */
export function wrapLongitude(longitude: number): number {
  if (longitude >= LONGITUDE.min && longitude <= LONGITUDE.max) return longitude;
  const span = LONGITUDE.max - LONGITUDE.min;
  return ((((longitude - LONGITUDE.min) % span) + span) % span) + LONGITUDE.min;
}

/** What a point picked on the map (Leaflet's lat/lng) becomes in the form's latitude and longitude fields. */
export function pickedPoint(lat: number, lng: number): LatLng {
  const latitude = Math.min(LATITUDE.max, Math.max(LATITUDE.min, lat));
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(wrapLongitude(lng)) };
}

/** The form's latitude and longitude as a place, when both are numbers in range; null otherwise (not placed yet). */
export function placeOf(latitude: unknown, longitude: unknown): LatLng | null {
  const inRange = (value: unknown, range: { min: number; max: number }): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max;
  return inRange(latitude, LATITUDE) && inRange(longitude, LONGITUDE) ? { latitude, longitude } : null;
}

/** A coordinate as the picker shows it: the number the form receives, at most 6 decimals, no trailing zeros. */
export function formatCoordinate(value: number): string {
  return String(roundCoordinate(value));
}
