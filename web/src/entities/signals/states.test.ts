import { describe, expect, it } from 'vitest';
import { checkStates, formatStates, nextStateValue, parseStates, stateLabel, stateOf, type StateText } from './states';

const PUMP: StateText[] = [
  { value: 0, zh: '停止', en: 'Stopped', color: '#8c8c8c' },
  { value: 1, zh: '运行', en: 'Running', color: '#52c41a' },
  { value: 2, zh: '故障', en: '', color: '#f5222d' },
];

describe('state texts', () => {
  it('find the state of a value, within a hair of a whole number', () => {
    expect(stateOf(PUMP, 1)?.en).toBe('Running');
    expect(stateOf(PUMP, 2.0000001)?.zh).toBe('故障');
    expect(stateOf(PUMP, 1.5)).toBeNull();
    expect(stateOf(PUMP, null)).toBeNull();
    expect(stateOf(undefined, 1)).toBeNull();
    expect(stateOf(PUMP, Number.NaN)).toBeNull();
  });

  it('show the other language where one was left empty', () => {
    expect(stateLabel(PUMP[1] as StateText, 'en')).toBe('Running');
    expect(stateLabel(PUMP[2] as StateText, 'en')).toBe('故障');
    expect(stateLabel(PUMP[2] as StateText, 'zh-CN')).toBe('故障');
  });

  it('are checked as the server checks them, first problem first', () => {
    expect(checkStates(PUMP, false)).toBeNull();
    expect(checkStates(PUMP, true)).toEqual({ index: 2, field: 'value', reason: 'stateOnlyZeroOne' });
    expect(checkStates([{ value: 0.5, zh: 'a', en: '', color: '' }], false)?.reason).toBe('stateNotWhole');
    expect(checkStates([...PUMP, { value: 1, zh: 'x', en: '', color: '' }], false)).toEqual({ index: 3, field: 'value', reason: 'stateDuplicate' });
    expect(checkStates([{ value: 3, zh: ' ', en: '', color: '' }], false)).toEqual({ index: 0, field: 'zh', reason: 'stateTextRequired' });
    expect(checkStates([{ value: 3, zh: 'a', en: 'x'.repeat(21), color: '' }], false)?.reason).toBe('stateTooLong');
    expect(checkStates([{ value: 3, zh: 'a\tb', en: '', color: '' }], false)?.reason).toBe('stateControlCharacters');
    expect(checkStates([{ value: 3, zh: 'a', en: '', color: 'red' }], false)).toEqual({ index: 0, field: 'color', reason: 'stateNotColour' });
    const many = Array.from({ length: 33 }, (_, value) => ({ value, zh: 's', en: '', color: '' }));
    expect(checkStates(many, false)?.reason).toBe('stateTooMany');
  });

  it('round-trip through one spreadsheet cell, as text or, with separators in a text, as JSON', () => {
    expect(formatStates(PUMP)).toBe('0=停止|Stopped|#8c8c8c; 1=运行|Running|#52c41a; 2=故障||#f5222d');
    expect(parseStates(formatStates(PUMP))).toEqual(PUMP);
    const awkward = [{ value: 4, zh: 'a=b', en: 'c;d', color: '' }];
    expect(parseStates(formatStates(awkward))).toEqual(awkward);
    expect(parseStates('')).toEqual([]);
    expect(parseStates(' 1 = 开 ;; 0=关 ')).toEqual([
      { value: 1, zh: '开', en: '', color: '' },
      { value: 0, zh: '关', en: '', color: '' },
    ]);
    expect(parseStates('running')).toBeNull();
    expect(parseStates('x=1')).toBeNull();
    expect(parseStates('[{"value":"1"}]')).toBeNull();
    expect(parseStates('[oops')).toBeNull();
  });

  it('start a new state after the highest value', () => {
    expect(nextStateValue([])).toBe(0);
    expect(nextStateValue(PUMP)).toBe(3);
  });
});
