import { describe, expect, it } from 'vitest';
import { OSM_ATTRIBUTION, OSM_TILE_URL, tileConfig } from './tiles';

describe('tile source', () => {
  it('is OpenStreetMap, with its credit, when the build sets nothing', () => {
    expect(tileConfig({})).toEqual({ url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION });
    expect(tileConfig({ VITE_MAP_TILE_URL: '  ' })).toEqual({ url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION });
  });
  it('follows VITE_MAP_TILE_URL and its own attribution, without claiming OpenStreetMap', () => {
    expect(tileConfig({ VITE_MAP_TILE_URL: 'https://tiles.plant.local/{z}/{x}/{y}.png' })).toEqual({
      url: 'https://tiles.plant.local/{z}/{x}/{y}.png',
      attribution: '',
    });
    expect(
      tileConfig({ VITE_MAP_TILE_URL: 'https://t/{z}/{x}/{y}.png', VITE_MAP_TILE_ATTRIBUTION: 'Plant GIS' }).attribution,
    ).toBe('Plant GIS');
  });
});
