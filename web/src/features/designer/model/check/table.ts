/**
 * The history and alarm tables' own settings (ComplexHistory's and ComplexAlarm's `data`), the mirror of
 * crates/domain/src/page/table.rs: the switches (`tableSwitches`: filterTime, exportExcel) JSON booleans,
 * `dimensionType` one of `dimensionTypes` and `timeUnit` one of `timeUnits` when present. Both pass the shared cases.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { join, object, oneOf, present, type Obj } from './reads';
import { at, reason, refuse } from './reasons';

export function tableSettings(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  for (const key of widgetTypes.tableSwitches) {
    const value = present(data, key);
    if (value !== undefined && typeof value !== 'boolean') refuse(at(join('data', key), reason('notBoolean')));
  }
  oneOf(data, 'dimensionType', 'data', widgetTypes.dimensionTypes);
  oneOf(data, 'timeUnit', 'data', widgetTypes.timeUnits);
}
