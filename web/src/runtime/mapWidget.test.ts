import { describe, expect, it } from 'vitest';
import type { MapCard } from '@/generated/answers';
import { parsePageDocument, type WidgetData } from './document';
import { mapSettingsOf, mapTotals, shareOf, shownCards } from './mapWidget';

function dataOf(data: Record<string, unknown> = {}): WidgetData {
  const [widget] = parsePageDocument({ widgets: [{ id: 'm', widgetType: 'ComplexMap', data }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget.data;
}

function card(id: number, patch: Partial<MapCard> = {}): MapCard {
  return { id, equipName: `E${id}`, latitude: 31, longitude: 121, online: true, alarmCount: 0, ...patch } as MapCard;
}

describe('the map settings', () => {
  it('take the spec defaults: every equipment, zoom 12, fit the markers, white, no overlay', () => {
    expect(mapSettingsOf(dataOf())).toEqual({
      equipments: [],
      totalCount: false,
      equipProportion: false,
      zoom: 12,
      centre: null,
      address: '',
      theme: 'white',
    });
  });

  it('read every field the designer writes', () => {
    const settings = mapSettingsOf(
      dataOf({
        equipments: [{ equipmentId: 3, title: 'Pump' }, { equipmentId: 4 }],
        totalCount: true,
        equipProportion: true,
        zoom: 15,
        latitude: 31.2,
        longitude: 121.5,
        address: ' Plant 1 ',
        theme: 'dark',
      }),
    );
    expect(settings).toEqual({
      equipments: [
        { equipmentId: 3, title: 'Pump' },
        { equipmentId: 4, title: '' },
      ],
      totalCount: true,
      equipProportion: true,
      zoom: 15,
      centre: { latitude: 31.2, longitude: 121.5 },
      address: 'Plant 1',
      theme: 'dark',
    });
  });

  it('read bad fields as their defaults, never as a broken map', () => {
    const settings = mapSettingsOf(
      dataOf({ equipments: 'all', totalCount: 'yes', zoom: 40, latitude: 91, longitude: 10, address: 7, theme: 'neon' }),
    );
    expect(settings).toMatchObject({ equipments: [], totalCount: false, zoom: 12, centre: null, address: '', theme: 'white' });
    expect(mapSettingsOf(dataOf({ zoom: '14', latitude: 10 })).centre).toBeNull();
    expect(mapSettingsOf(dataOf({ zoom: '14' })).zoom).toBe(14);
    expect(mapSettingsOf(dataOf({ zoom: 0 })).zoom).toBe(12);
  });

  it('keep whole, distinct equipment ids only', () => {
    const { equipments } = mapSettingsOf(
      dataOf({ equipments: [{ equipmentId: 1.5 }, null, { equipmentId: '2' }, { equipmentId: 2 }, { title: 'x' }, 9] }),
    );
    expect(equipments).toEqual([{ equipmentId: 2, title: '' }]);
  });
});

describe('the equipment the map shows', () => {
  const cards = [card(1), card(2, { online: false }), card(3, { alarmCount: 2 }), card(4, { latitude: null })];

  it('is every placed equipment the server answered when none is listed', () => {
    expect(shownCards(cards, { equipments: [] }).map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('is only the listed ones the server answered: a listed id the viewer is not granted never appears', () => {
    const listed = [{ equipmentId: 1, title: '' }, { equipmentId: 99, title: 'not granted' }];
    expect(shownCards(cards, { equipments: listed }).map((c) => c.id)).toEqual([1]);
  });

  it('is counted by state, an alarming one as alarm', () => {
    expect(mapTotals(shownCards(cards, { equipments: [] }))).toEqual({ total: 3, online: 1, offline: 1, alarm: 1 });
    expect(shareOf(1, 3)).toBe('33%');
    expect(shareOf(0, 0)).toBe('0%');
  });
});
