import { describe, expect, it } from 'vitest';
import { averagePerMinute, canAdopt, defaultEquipName, equipNameProblem, listKindOf, problemCounts, rangeText } from './sourceModel';

const metric = (signal: boolean) => ({ name: 'pH', datatype: signal ? 'Double' : 'String', unit: '', engLow: null, engHigh: null, signal });

describe('a collection source', () => {
  it('is listed in the edge node tab or the JSON device tab by its kind', () => {
    expect(listKindOf({ kind: 'sparkplug' })).toBe('node');
    expect(listKindOf({ kind: 'json' })).toBe('json');
  });

  it('averages its messages per minute since counting started, at least over one minute', () => {
    const since = 1_000_000;
    expect(averagePerMinute({ since, messages: 0 }, since + 600_000)).toBeNull();
    expect(averagePerMinute({ since, messages: 120 }, since + 600_000)).toBe(12);
    // Ten seconds after a restart: 30 messages are 30 a minute, not 180.
    expect(averagePerMinute({ since, messages: 30 }, since + 10_000)).toBe(30);
    expect(averagePerMinute({ since, messages: 10 }, since + 180_000)).toBe(3.3);
  });

  it('counts its problems in a fixed order, and their total', () => {
    const { problems, total } = problemCounts({ malformed: 2, invalid: 0, unsupported: 1, notNumeric: 0, datatypeChanges: 3, future: 0 });
    expect(problems.map((p) => p.key)).toEqual(['malformed', 'invalid', 'unsupported', 'notNumeric', 'datatypeChanges', 'future']);
    expect(total).toBe(6);
  });
});

describe('adoption', () => {
  it("names the equipment after the device, or the source for the node's own metrics ('')", () => {
    expect(defaultEquipName({ deviceId: 'Analyser' }, { name: 'QualityEdge' })).toBe('Analyser');
    expect(defaultEquipName({ deviceId: '' }, { name: 'QualityEdge' })).toBe('QualityEdge');
    expect([...defaultEquipName({ deviceId: '设'.repeat(80) }, { name: 'x' })]).toHaveLength(60);
  });

  it('refuses an empty name and one past 60 characters, counted as characters', () => {
    expect(equipNameProblem('  ')).toBe('required');
    expect(equipNameProblem('设'.repeat(60))).toBeUndefined();
    expect(equipNameProblem('设'.repeat(61))).toBe('tooLong');
  });

  it('is offered for a device not adopted yet with at least one metric that becomes a signal', () => {
    expect(canAdopt({ equipId: null, metrics: [metric(false), metric(true)] })).toBe(true);
    expect(canAdopt({ equipId: null, metrics: [metric(false)] })).toBe(false);
    expect(canAdopt({ equipId: 9, metrics: [metric(true)] })).toBe(false);
  });

  it('shows an engineering range as announced', () => {
    expect(rangeText(0, 14)).toBe('0 – 14');
    expect(rangeText(0, null)).toBe('≥ 0');
    expect(rangeText(null, 100)).toBe('≤ 100');
    expect(rangeText(null, null)).toBe('');
  });
});
