/**
 * The map's and the 3D model's settings as the property description reads and writes them: the viewer's readers
 * read back what the panel writes (through the stored form), defaults are the viewer's, bad input is bounded.
 */
import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { mapSettingsOf } from '@/runtime/mapWidget';
import { modelSettingsOf } from '@/runtime/modelWidget';
import { checkPageDocument } from '../check/documentCheck';
import { sectionsOf, withField } from '../properties';
import { writeWidget } from '../writeDocument';
import { NEW_CENTRE } from './mapModel';

function widget(widgetType: string, data: Record<string, unknown> = {}): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType, position: { x: 0, y: 0, width: 300, height: 200 }, data }] }).widgets;
  return w as Widget;
}
/** The widget as stored and read back by the viewer. */
const reread = (w: Widget) => parsePageDocument({ widgets: [writeWidget(w)] }).widgets[0] as Widget;
const ids = (type: string) => sectionsOf(type).flatMap((s) => s.fields.map((f) => f.id));
const shown = (w: Widget) =>
  sectionsOf(w.widgetType)
    .flatMap((s) => s.fields)
    .filter((f) => f.shown?.(w) ?? true)
    .map((f) => f.id);
const set = (w: Widget, entries: Array<[string, unknown]>) => entries.reduce((acc, [id, v]) => withField(acc, id, v), w);

describe('the map fields', () => {
  it('offer what the viewer reads', () => {
    expect(ids('ComplexMap')).toEqual([
      'opacity',
      'mapEquipments',
      'mapZoom',
      'mapCentre',
      'mapLatitude',
      'mapLongitude',
      'mapAddress',
      'mapTheme',
      'mapTotalCount',
      'mapEquipProportion',
    ]);
  });

  it('write what the viewer reads back, and the server accepts', () => {
    const w = set(widget('ComplexMap'), [
      ['mapEquipments', [{ equipmentId: 5, title: 'Pump A' }, { equipmentId: 6, title: 'Pump B' }]],
      ['mapZoom', 15.4],
      ['mapCentre', true],
      ['mapLatitude', 31.25],
      ['mapLongitude', 121.5],
      ['mapAddress', '  Plant 1 '],
      ['mapTheme', 'dark'],
      ['mapTotalCount', true],
      ['mapEquipProportion', true],
    ]);
    expect(mapSettingsOf(reread(w).data)).toEqual({
      equipments: [
        { equipmentId: 5, title: 'Pump A' },
        { equipmentId: 6, title: 'Pump B' },
      ],
      totalCount: true,
      equipProportion: true,
      zoom: 15,
      centre: { latitude: 31.25, longitude: 121.5 },
      address: 'Plant 1',
      theme: 'dark',
    });
    expect(checkPageDocument(parsePageDocument({ widgets: [writeWidget(w)] })).ok).toBe(true);
  });

  it('start the centre at the empty map, show its fields only when fixed, and take it away when switched off', () => {
    const plain = widget('ComplexMap');
    expect(shown(plain)).not.toContain('mapLatitude');
    const fixed = withField(plain, 'mapCentre', true);
    expect(mapSettingsOf(fixed.data).centre).toEqual(NEW_CENTRE);
    expect(shown(fixed)).toContain('mapLatitude');
    const off = withField(fixed, 'mapCentre', false);
    expect(mapSettingsOf(reread(off).data).centre).toBeNull();
    expect(JSON.stringify(writeWidget(off))).not.toContain('latitude');
  });

  it('keep the zoom and the centre within bounds', () => {
    const w = set(widget('ComplexMap'), [
      ['mapZoom', 40],
      ['mapCentre', true],
      ['mapLatitude', -120],
      ['mapLongitude', 500],
    ]);
    expect(mapSettingsOf(w.data)).toMatchObject({ zoom: 18, centre: { latitude: -90, longitude: 180 } });
    expect(withField(widget('ComplexMap'), 'mapTheme', 'neon').data.extra.theme).toBe('white');
  });
});

describe('the 3D model fields', () => {
  it('offer what the viewer reads, the tint as the fill-colour rows of a bound signal', () => {
    expect(ids('UsualWebgl')).toEqual([
      'opacity',
      'modelBackground',
      'modelUrl',
      'modelAutoRotate',
      'modelRotateSpeed',
      'modelDistance',
      'modelAzimuth',
      'modelElevation',
      'binding',
      'fillRuleEnable',
      'fillRuleRules',
    ]);
  });

  it('write what the viewer reads back, and the server accepts', () => {
    const w = set(widget('UsualWebgl'), [
      ['modelUrl', ' /userimg/cube_1.glb '],
      ['modelBackground', '#202830'],
      ['modelAutoRotate', false],
      ['modelDistance', 3.5],
      ['modelAzimuth', -45],
      ['modelElevation', 60],
    ]);
    expect(modelSettingsOf(reread(w).data)).toEqual({
      modelUrl: '/userimg/cube_1.glb',
      background: '#202830',
      autoRotate: false,
      rotateSpeed: 2,
      distance: 3.5,
      azimuth: -45,
      elevation: 60,
    });
    expect(shown(w)).not.toContain('modelRotateSpeed');
    expect(checkPageDocument(parsePageDocument({ widgets: [writeWidget(w)] })).ok).toBe(true);
  });

  it('take the model address as a model (typed and checked, or picked from the library)', () => {
    const field = sectionsOf('UsualWebgl')
      .flatMap((s) => s.fields)
      .find((f) => f.id === 'modelUrl');
    expect(field?.type).toEqual({ kind: 'model', max: 500 });
    // A refused address reads as no model, and the server's check refuses it on save.
    const refused = withField(widget('UsualWebgl'), 'modelUrl', 'javascript:alert(1)');
    expect(modelSettingsOf(refused.data).modelUrl).toBe('');
    expect(checkPageDocument(parsePageDocument({ widgets: [writeWidget(refused)] })).ok).toBe(false);
  });
});
