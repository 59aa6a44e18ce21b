/**
 * The weather widget's own settings (ComplexWeather's `data.dataAddon`), the mirror of
 * crates/domain/src/page/weather.rs: each place code (`regionKeys`) text, empty or six digits (a GB/T 2260 code),
 * and a `title` of at most `maxWeatherTitleChars` characters. Both sides pass the shared cases.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { characters, join, object, text, type Obj } from './reads';
import { at, reason, refuse } from './reasons';

const REGION_CODE = /^[0-9]{6}$/;

export function weatherSettings(widget: Obj): void {
  const data = object(widget, 'data', '');
  if (data === undefined) return;
  const addon = object(data, 'dataAddon', 'data');
  if (addon === undefined) return;
  const path = 'data.dataAddon';
  for (const key of widgetTypes.regionKeys) {
    const code = text(addon, key, path);
    if (code !== undefined && code !== '' && !REGION_CODE.test(code)) refuse(at(join(path, key), reason('badFormat')));
  }
  const title = text(addon, 'title', path);
  if (title !== undefined && characters(title) > widgetTypes.maxWeatherTitleChars) {
    refuse(at(join(path, 'title'), reason('tooLong', { max: widgetTypes.maxWeatherTitleChars })));
  }
}
