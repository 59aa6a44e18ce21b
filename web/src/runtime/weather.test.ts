import { describe, expect, it } from 'vitest';
import type { Region } from '@/generated/answers';
import { parsePageDocument } from './document';
import { degrees, placeNames, weatherKindOf, weatherSettingsOf } from './weather';

const dataOf = (dataAddon: Record<string, unknown>) =>
  parsePageDocument({ widgets: [{ id: 'w', widgetType: 'ComplexWeather', position: { x: 0, y: 0, width: 200, height: 100 }, data: { dataAddon } }] })
    .widgets[0]!.data;

const REGIONS: Region[] = [
  { code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市', children: [{ code: '110108', name: '海淀区' }] }] },
  { code: '130000', name: '河北省', children: [{ code: '130100', name: '石家庄市', children: [{ code: '130104', name: '桥西区' }] }] },
];

describe('weatherSettingsOf', () => {
  it('reads the place codes and the title from dataAddon', () => {
    expect(weatherSettingsOf(dataOf({ provinceId: '110000', cityId: '110100', countyId: '110108', title: '厂区天气' }))).toEqual({
      provinceId: '110000',
      cityId: '110100',
      countyId: '110108',
      title: '厂区天气',
    });
  });

  it('has no place and no title by default, and reads a code that is not 6 digits as none', () => {
    expect(weatherSettingsOf(dataOf({}))).toEqual({ provinceId: '', cityId: '', countyId: '', title: '' });
    const odd = weatherSettingsOf(dataOf({ provinceId: 110000, cityId: '1101', countyId: '../x', title: 7 }));
    expect(odd).toEqual({ provinceId: '', cityId: '', countyId: '', title: '' });
  });
});

describe('weather codes', () => {
  it('name the WMO conditions', () => {
    const kinds = [0, 1, 3, 45, 48, 51, 61, 67, 71, 77, 80, 82, 95, 99].map(weatherKindOf);
    expect(kinds).toEqual(['clear', 'cloudy', 'cloudy', 'fog', 'fog', 'drizzle', 'rain', 'rain', 'snow', 'snow', 'showers', 'showers', 'thunder', 'thunder']);
    expect([null, undefined, 4, 100, 2.5].map(weatherKindOf)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
  });

  it('draw temperatures as whole degrees, a missing one as a dash', () => {
    expect([degrees(21.5), degrees(-0.4), degrees(null), degrees(Number.NaN)]).toEqual(['22°', '0°', '–', '–']);
  });
});

describe('placeNames', () => {
  it('names the place along the tree, a municipality once', () => {
    expect(placeNames(REGIONS, { provinceId: '110000', cityId: '110100', countyId: '110108', title: '' })).toEqual(['北京市', '海淀区']);
    expect(placeNames(REGIONS, { provinceId: '130000', cityId: '130100', countyId: '130104', title: '' })).toEqual(['河北省', '石家庄市', '桥西区']);
    expect(placeNames(undefined, { provinceId: '130000', cityId: '130100', countyId: '130104', title: '' })).toEqual([]);
    expect(placeNames(REGIONS, { provinceId: '990000', cityId: '', countyId: '', title: '' })).toEqual([]);
  });
});
