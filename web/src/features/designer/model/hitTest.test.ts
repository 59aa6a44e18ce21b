import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { inBox, outlinePath, widgetAt } from './hitTest';

const widgets = (raw: unknown[]): Widget[] => parsePageDocument({ widgets: raw }).widgets;

const PAGE = widgets([
  { id: 'under', widgetType: 'ShapeRect', position: { x: 0, y: 0, width: 100, height: 100, rotate: 0 } },
  { id: 'over', widgetType: 'ShapeRect', position: { x: 50, y: 50, width: 100, height: 100, rotate: 0 } },
  { id: 'turned', widgetType: 'ShapeRect', position: { x: 300, y: 0, width: 200, height: 20, rotate: 90 } },
  { id: 'line', widgetType: 'ShapeRect', position: { x: 0, y: 300, width: 100, height: 0, rotate: 0 } },
]);

describe('picking a widget by geometry', () => {
  it('takes the top-most widget whose box holds the point, and nothing on the bare page', () => {
    expect(widgetAt(PAGE, { x: 75, y: 75 }, new Set())).toBe('over');
    expect(widgetAt(PAGE, { x: 25, y: 25 }, new Set())).toBe('under');
    expect(widgetAt(PAGE, { x: 75, y: 75 }, new Set(['over']))).toBe('under');
    expect(widgetAt(PAGE, { x: 250, y: 250 }, new Set())).toBeNull();
  });

  it('turns a box with its widget: a quarter-turned bar stands upright about its centre', () => {
    // 200 × 20 at (300, 0), centre (400, 10): turned, it spans x 390–410 and y -90–110.
    expect(widgetAt(PAGE, { x: 400, y: 100 }, new Set())).toBe('turned');
    expect(widgetAt(PAGE, { x: 320, y: 10 }, new Set())).toBeNull();
  });

  it('takes a box with no height as one unit high, so a line can be picked', () => {
    expect(inBox(PAGE[3] as Widget, { x: 50, y: 300.4 })).toBe(true);
    expect(inBox(PAGE[3] as Widget, { x: 50, y: 302 })).toBe(false);
  });

  it('outlines every shown box in one path, turned corners included', () => {
    const path = outlinePath(PAGE, new Set(['under', 'line']));
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path.startsWith('M50 50L150 50L150 150L50 150Z')).toBe(true);
    expect(path).toContain('M410 -90L410 110L390 110L390 -90Z');
  });
});
