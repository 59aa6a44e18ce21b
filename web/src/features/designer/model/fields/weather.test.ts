/**
 * The weather widget's settings as the property description reads and writes them: the place (a province → city →
 * county path of codes) and the title, stored in `data.dataAddon` as the viewer's reader reads them back, the
 * old widget untouched, other `dataAddon` fields kept; a path that is not three 6-digit codes stores no place.
 */
import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { weatherSettingsOf } from '@/runtime/weather';
import { writeWidget } from '../writeDocument';
import { sectionsOf, withField } from '../properties';
import { placeOf } from './weather';

function weather(dataAddon: Record<string, unknown> = {}): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType: 'ComplexWeather', position: { x: 0, y: 0, width: 300, height: 200 }, data: { dataAddon } }] }).widgets;
  return w as Widget;
}
/** The widget as the server stores it, and as the viewer reads it back from there. */
const roundTrip = (w: Widget) => parsePageDocument({ widgets: [writeWidget(w)] }).widgets[0] as Widget;

describe('weather settings', () => {
  it('offers the place and the title', () => {
    const data = sectionsOf('ComplexWeather').find((s) => s.id === 'data')?.fields.map((f) => f.id);
    expect(data).toEqual(['weatherPlace', 'weatherTitle']);
  });

  it('writes the picked place and the title where the viewer reads them', () => {
    const before = weather({ other: 'kept' });
    const placed = withField(before, 'weatherPlace', ['110000', '110100', '110108']);
    const titled = withField(placed, 'weatherTitle', '厂区天气');
    const stored = writeWidget(titled) as { data: { dataAddon: Record<string, unknown> } };
    expect(stored.data.dataAddon).toMatchObject({ provinceId: '110000', cityId: '110100', countyId: '110108', title: '厂区天气', other: 'kept' });
    expect(weatherSettingsOf(roundTrip(titled).data)).toEqual({ provinceId: '110000', cityId: '110100', countyId: '110108', title: '厂区天气' });
    expect(weatherSettingsOf(before.data).countyId).toBe('');
    const field = sectionsOf('ComplexWeather').flatMap((s) => s.fields).find((f) => f.id === 'weatherPlace');
    expect(field?.get(titled)).toEqual(['110000', '110100', '110108']);
    expect(field?.get(before)).toEqual([]);
  });

  it('clears the place with an empty path, and never stores a partial or odd one', () => {
    const placed = withField(weather(), 'weatherPlace', ['130000', '130100', '130104']);
    expect(weatherSettingsOf(withField(placed, 'weatherPlace', []).data)).toMatchObject({ provinceId: '', cityId: '', countyId: '' });
    expect(placeOf(['130000', '130100'])).toEqual({ provinceId: '', cityId: '', countyId: '' });
    expect(placeOf(['130000', '130100', 'x'])).toEqual({ provinceId: '', cityId: '', countyId: '' });
    expect(placeOf(null)).toEqual({ provinceId: '', cityId: '', countyId: '' });
  });

  it('keeps a title within 60 characters', () => {
    const w = withField(weather(), 'weatherTitle', '天'.repeat(80));
    expect(weatherSettingsOf(w.data).title).toHaveLength(60);
  });
});
