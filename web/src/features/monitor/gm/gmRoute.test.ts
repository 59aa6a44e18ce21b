import { describe, expect, it } from 'vitest';
import { gmDetailTabOf, isGmProtocol } from './gmRoute';

describe('the GM detail address', () => {
  it.each(['real', 'write', 'history', 'alarm'] as const)('names the %s tab as its last segment', (tab) => {
    expect(gmDetailTabOf(`/monitor/gm/vuedetail/5/${tab}`)).toBe(tab);
    expect(gmDetailTabOf(`/monitor/gm/vuedetail/5/${tab}/`)).toBe(tab);
  });

  it('shows the real-time data for the bare address and anything unknown', () => {
    expect(gmDetailTabOf('/monitor/gm/vuedetail/5')).toBe('real');
    expect(gmDetailTabOf('/monitor/gm/vuedetail/5/curve')).toBe('real');
  });

  it('knows the two GM protocols', () => {
    expect(isGmProtocol('sparkplug')).toBe(true);
    expect(isGmProtocol('json')).toBe(true);
    expect(isGmProtocol('eg')).toBe(false);
    expect(isGmProtocol(undefined)).toBe(false);
  });
});
