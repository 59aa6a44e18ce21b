import { describe, expect, it } from 'vitest';
import { PRESET_COLOURS, RECENT_MAX, cleanHex, hexColour, readRecent, splitColour, withRecent, writeRecent } from './colours';

describe('the colour picker rules', () => {
  it('offers 50 distinct preset colours', () => {
    expect(PRESET_COLOURS).toHaveLength(50);
    expect(new Set(PRESET_COLOURS).size).toBe(50);
    for (const c of PRESET_COLOURS) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('keeps at most 20 recent colours, newest first, each once', () => {
    let recent: string[] = [];
    for (let i = 0; i < 25; i += 1) recent = withRecent(recent, `#0000${String(i).padStart(2, '0')}`);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]).toBe('#000024');
    expect(withRecent(recent, '#000010')[0]).toBe('#000010');
    expect(withRecent(recent, '#000010')).toHaveLength(RECENT_MAX);
    expect(withRecent(['#ABCDEF'], '#abcdef')).toEqual(['#ABCDEF']);
  });

  it('stores the history under colorsArr and reads back only colours', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    writeRecent(['#112233'], storage);
    expect(map.get('colorsArr')).toBe('["#112233"]');
    expect(readRecent(storage)).toEqual(['#112233']);
    map.set('colorsArr', '[1, "#445566", null]');
    expect(readRecent(storage)).toEqual(['#445566']);
    map.set('colorsArr', 'not json');
    expect(readRecent(storage)).toEqual([]);
  });
});

describe('the hex input and the alpha (spec section 5)', () => {
  it('keeps only 0-9 and a-f, in either case, at most six', () => {
    expect(cleanHex('#1a2B3c')).toBe('1a2B3c');
    expect(cleanHex('zz12 g-34x')).toBe('1234');
    expect(cleanHex('1234567890')).toBe('123456');
  });

  it('makes empty white, expands the short form and takes nothing else but six digits', () => {
    expect(hexColour('', 100)).toBe('#FFFFFF');
    expect(hexColour('abc', 100)).toBe('#AABBCC');
    expect(hexColour('12ab3f', 100)).toBe('#12AB3F');
    expect(hexColour('12ab', 100)).toBeNull();
  });

  it('writes an alpha under 100 as the fourth byte, clamped to 0-100', () => {
    expect(hexColour('000000', 50)).toBe('#00000080');
    expect(hexColour('000000', 0)).toBe('#00000000');
    expect(hexColour('000000', 140)).toBe('#000000');
    expect(hexColour('000000', -5)).toBe('#00000000');
    expect(hexColour('000000', Number.NaN)).toBeNull();
  });

  it('reads a stored colour back into its digits and alpha', () => {
    expect(splitColour('#12ab3f')).toEqual({ hex: '12AB3F', alpha: 100 });
    expect(splitColour('#00000080')).toEqual({ hex: '000000', alpha: 50 });
    expect(splitColour('red')).toEqual({ hex: 'FFFFFF', alpha: 100 });
  });
});
