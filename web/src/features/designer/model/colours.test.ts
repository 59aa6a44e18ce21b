import { describe, expect, it } from 'vitest';
import { PRESET_COLOURS, RECENT_MAX, readRecent, withRecent, writeRecent } from './colours';

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
