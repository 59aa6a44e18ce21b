import { describe, expect, it } from 'vitest';
import { checkRule, newRule } from './alarmRules';

describe('alarm rule checks (as crates/domain/src/alarm.rs RuleDraft::parse)', () => {
  const sound = { ...newRule(), msgZh: '压力过高', msgEn: 'Pressure high', value: 5 };

  it('a sound rule and the defaults pass', () => {
    expect(checkRule(sound)).toEqual([]);
    expect(checkRule({ symbol: '<=', value: -1, msgZh: 'a', msgEn: 'b' })).toEqual([]);
  });

  it('names each refused field', () => {
    expect(checkRule({ ...sound, symbol: '=>' as never }).map((p) => p.field)).toEqual(['symbol']);
    expect(checkRule({ ...sound, value: undefined as never })).toEqual([{ field: 'value', reason: 'required' }]);
    expect(checkRule({ ...sound, deadband: -0.5 })).toEqual([{ field: 'deadband', reason: 'negative' }]);
    expect(checkRule({ ...sound, delay: 86_400_001 })).toEqual([
      { field: 'delay', reason: 'outOfRange', params: { min: 0, max: 86_400_000 } },
    ]);
    expect(checkRule({ ...sound, delay: 1.5 })).toEqual([{ field: 'delay', reason: 'notInteger' }]);
    expect(checkRule({ ...sound, level: 4 })).toEqual([{ field: 'level', reason: 'outOfRange', params: { min: 1, max: 3 } }]);
    expect(checkRule({ ...sound, msgZh: '   ', msgEn: 'x'.repeat(201) })).toEqual([
      { field: 'msgZh', reason: 'required' },
      { field: 'msgEn', reason: 'tooLong', params: { max: 200 } },
    ]);
    expect(checkRule({ ...sound, msgEn: 'a\u0007b' })).toEqual([{ field: 'msgEn', reason: 'controlCharacters' }]);
  });
});
