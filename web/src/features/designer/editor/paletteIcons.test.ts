import { describe, expect, it } from 'vitest';
import widgetTypes from '@/generated/widgetTypes.json';
import { PALETTE_ICONS } from './paletteIcons';

describe('palette icons', () => {
  it('exist for exactly the generated widget types', () => {
    expect(Object.keys(PALETTE_ICONS).sort()).toEqual(widgetTypes.types.map((t) => t.type).sort());
  });
});
