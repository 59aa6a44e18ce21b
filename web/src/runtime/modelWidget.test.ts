import { describe, expect, it } from 'vitest';
import { parsePageDocument, type WidgetData } from './document';
import { MODEL_DEFAULTS, isModelUrl, modelSettingsOf, refusedModelUrl } from './modelWidget';

function dataOf(dataAddon?: Record<string, unknown>): WidgetData {
  const [widget] = parsePageDocument({ widgets: [{ id: 'g', widgetType: 'UsualWebgl', data: { dataAddon } }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget.data;
}

describe('the 3D model settings', () => {
  it('take the defaults: no model, turning on its own', () => {
    expect(modelSettingsOf(dataOf())).toEqual(MODEL_DEFAULTS);
    expect(MODEL_DEFAULTS).toMatchObject({ modelUrl: '', autoRotate: true, rotateSpeed: 2 });
  });

  it('read every field the designer writes', () => {
    const addon = { modelUrl: '/userimg/ab_1.glb', background: '#102030', autoRotate: false, rotateSpeed: 6, distance: 4, azimuth: -90, elevation: 45 };
    expect(modelSettingsOf(dataOf(addon))).toEqual(addon);
  });

  it('keep numbers within their bounds and bad fields at their defaults', () => {
    const settings = modelSettingsOf(dataOf({ background: 'red', autoRotate: 'no', rotateSpeed: 1000, distance: -3, azimuth: 'x', elevation: 90 }));
    expect(settings).toEqual({ ...MODEL_DEFAULTS, autoRotate: false, rotateSpeed: 30, distance: 1, elevation: 85 });
  });

  it('load only http(s) addresses and files of the image library', () => {
    expect(isModelUrl('https://cdn.example.com/pump.glb')).toBe(true);
    expect(isModelUrl('HTTP://plant.local/m/pump.gltf?v=2')).toBe(true);
    expect(isModelUrl('/userimg/ab12_cd.glb')).toBe(true);
    for (const refused of ['/userimg/', '/userimg/../api/secret', '/userimg/a b.glb', 'javascript:alert(1)', 'file:///c/p.glb', 'pump.glb', '//evil.example/p.glb', 'https://', 'https://a/\u0007b']) {
      expect(isModelUrl(refused), refused).toBe(false);
    }
  });

  it('say which address they refuse instead of loading it', () => {
    const data = dataOf({ modelUrl: 'javascript:alert(1)' });
    expect(modelSettingsOf(data).modelUrl).toBe('');
    expect(refusedModelUrl(data)).toBe('javascript:alert(1)');
    expect(refusedModelUrl(dataOf({ modelUrl: '' }))).toBeNull();
  });
});
