/**
 * The map's (ComplexMap) and the 3D model's (UsualWebgl) own fields: the mirror of
 * crates/domain/src/page/map_model.rs, read for read, with the bounds generated from it.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { isModelUrl } from '@/runtime/modelWidget';
import { array, join, number, object, text, type Obj } from './reads';
import { at, reason, refuse } from './reasons';

function within(value: number, bounds: { min: number; max: number }, path: string): void {
  if (value < bounds.min || value > bounds.max) refuse(at(path, reason('outOfRange', { min: bounds.min, max: bounds.max })));
}

/** `data`: a whole zoom within bounds, a centre on the globe, a bounded list of equipment with whole ids. */
export function mapSettings(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  const zoom = number(data, 'zoom', 'data');
  if (zoom !== undefined) {
    if (!Number.isInteger(zoom)) refuse(at('data.zoom', reason('notInteger')));
    within(zoom, widgetTypes.mapZoom, 'data.zoom');
  }
  const latitude = number(data, 'latitude', 'data');
  if (latitude !== undefined) within(latitude, widgetTypes.latitude, 'data.latitude');
  const longitude = number(data, 'longitude', 'data');
  if (longitude !== undefined) within(longitude, widgetTypes.longitude, 'data.longitude');
  const list = array(data, 'equipments', 'data');
  if (list === undefined) return;
  if (list.length > widgetTypes.maxMapEquipments) refuse(at('data.equipments', reason('tooMany', { max: widgetTypes.maxMapEquipments })));
  list.forEach((entry, i) => {
    const path = `data.equipments[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) refuse(at(path, reason('notObject')));
    const item = entry as Obj;
    const id = number(item, 'equipmentId', path) ?? refuse(at(join(path, 'equipmentId'), reason('required')));
    if (!Number.isInteger(id)) refuse(at(join(path, 'equipmentId'), reason('notInteger')));
    text(item, 'title', path);
  });
}

/** `data.dataAddon.modelUrl`: blank or an address the viewer loads. */
export function modelSettings(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  const addon = object(data, 'dataAddon', 'data');
  if (addon === undefined) return;
  const address = text(addon, 'modelUrl', 'data.dataAddon');
  if (address !== undefined && address !== '' && !isModelUrl(address)) refuse(at('data.dataAddon.modelUrl', reason('notModelUrl')));
}
