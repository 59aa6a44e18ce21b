import { describe, expect, it } from 'vitest';
import { positiveIdOf } from '@/lib/paths';
import { initialTab, opensAlarm } from './detailRoute';

describe('detail route parameters', () => {
  it.each(['1', 'true', 'alarm', 'TRUE', '42'])(':alarm = %s opens the Alarm tab', (alarm) => {
    expect(opensAlarm(alarm)).toBe(true);
    expect(initialTab({ alarm }, null)).toBe('alarm');
  });
  it.each(['0', 'false', 'no', ''])(':alarm = %s opens the realtime data', (alarm) => {
    expect(opensAlarm(alarm)).toBe(false);
    expect(initialTab({ alarm }, null)).toBe('realtime');
  });
  it('opens the realtime data without :alarm (plain and work-order forms)', () => {
    expect(initialTab({}, null)).toBe('realtime');
  });
  it('lets a valid ?tab= win, and ignores an unknown one', () => {
    expect(initialTab({ alarm: '1' }, 'history')).toBe('history');
    expect(initialTab({}, 'nonsense')).toBe('realtime');
  });
  it('reads the equipment id', () => {
    expect(positiveIdOf('12')).toBe(12);
    expect(positiveIdOf('0')).toBeNull();
    expect(positiveIdOf('-1')).toBeNull();
    expect(positiveIdOf('1e3')).toBeNull();
    expect(positiveIdOf('abc')).toBeNull();
    expect(positiveIdOf(undefined)).toBeNull();
  });
});
