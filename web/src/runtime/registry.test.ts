import { describe, expect, it } from 'vitest';
import widgetTypes from '@/generated/widgetTypes.json';
import { allTexts } from '@/test/allTexts';
import { widgetDefOf, widgetRegistry, unknownWidgetDef } from './registry';
import { ComplexAlarm } from './widgets/alarmTable';
import { ComplexArea, ComplexBar, ComplexLine, ComplexPie, ComplexRing, ComplexRose } from './widgets/charts';
import { UsualScrollbar } from './widgets/flowBar';
import { UnknownWidget } from './widgets/Placeholder';
import { ComplexHistory } from './widgets/tables';
import { ComplexXyline } from './widgets/xyChart';
import { UsualSelect } from './widgets/select';
import { ComplexVideo } from './widgets/video';
import { ComplexMap } from './widgets/map';
import { UsualWebgl } from './widgets/model';

const generated = widgetTypes.types.map((t) => t.type);

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

const zhCN = allTexts('zh-CN');
const en = allTexts('en');

describe('widget registry', () => {
  it('has an entry for every generated widget type and for nothing else', () => {
    expect(Object.keys(widgetRegistry).sort()).toEqual([...generated].sort());
  });

  it('names every type in both languages', () => {
    for (const [type, def] of Object.entries(widgetRegistry)) {
      expect(typeof lookup(zhCN, def.labelKey), `${type} zh-CN`).toBe('string');
      expect(typeof lookup(en, def.labelKey), `${type} en`).toBe('string');
    }
  });

  it('draws every generated type for real, none as the unknown-type frame', () => {
    for (const [type, def] of Object.entries(widgetRegistry)) {
      expect(def.drawn, type).toBe(true);
      expect(def.render === UnknownWidget, type).toBe(false);
    }
    expect(unknownWidgetDef.drawn).toBe(false);
  });

  it('draws each live chart with its own renderer', () => {
    expect(widgetRegistry.ComplexLine.render).toBe(ComplexLine);
    expect(widgetRegistry.ComplexArea.render).toBe(ComplexArea);
    expect(widgetRegistry.ComplexBar.render).toBe(ComplexBar);
    expect(widgetRegistry.ComplexPie.render).toBe(ComplexPie);
    expect(widgetRegistry.ComplexRing.render).toBe(ComplexRing);
    expect(widgetRegistry.ComplexRose.render).toBe(ComplexRose);
    expect(widgetRegistry.ComplexXyline.render).toBe(ComplexXyline);
  });

  it('draws the tables and the flow bar with their own renderers', () => {
    expect(widgetRegistry.ComplexHistory.render).toBe(ComplexHistory);
    expect(widgetRegistry.ComplexAlarm.render).toBe(ComplexAlarm);
    expect(widgetRegistry.UsualScrollbar.render).toBe(UsualScrollbar);
  });

  it('draws the map and the 3D model with their own renderers', () => {
    expect(widgetRegistry.ComplexMap.render).toBe(ComplexMap);
    expect(widgetRegistry.UsualWebgl.render).toBe(UsualWebgl);
  });

  it('draws the drop-down select and the video with their own renderers', () => {
    expect(widgetRegistry.UsualSelect.render).toBe(UsualSelect);
    expect(widgetRegistry.ComplexVideo.render).toBe(ComplexVideo);
  });

  it('answers the unknown-widget entry for types outside the list, prototype names included', () => {
    expect(widgetDefOf('FancyWidget')).toBe(unknownWidgetDef);
    expect(widgetDefOf('constructor')).toBe(unknownWidgetDef);
    expect(widgetDefOf('__proto__')).toBe(unknownWidgetDef);
    expect(widgetDefOf('ShapeRect')).toBe(widgetRegistry.ShapeRect);
  });
});
