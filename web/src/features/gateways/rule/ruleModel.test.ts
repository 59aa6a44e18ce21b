import { describe, expect, it } from 'vitest';
import {
  RULE_MAX,
  addLeaves,
  dataTopic,
  docFromForm,
  emptySignal,
  formFromDoc,
  moveRow,
  parseSample,
  reasonOnly,
  refusedPlace,
  sampleLeaves,
  type RuleDoc,
} from './ruleModel';

// The rule of docs/gm-equipment.md, as the server stores it (kind, scale, offset and unit always present).
const DOC: RuleDoc = {
  topic: 'data',
  signals: [
    { key: 'Temperature', path: 'd.t', kind: 'number', scale: 0.1, offset: 0, unit: '°C' },
    { key: 'Pump', path: 'd.run', kind: 'bool', scale: 1, offset: 0, unit: '' },
    { key: 'Level', path: '$.d.level', kind: 'number', scale: 1, offset: -2.5, unit: 'm' },
  ],
  time: { path: 'ts', unit: 'iso' },
  command: { template: '{"id": {{id}}, "set": {{signal}}, "to": {{value}}}', replyPath: 'ack.id' },
};

describe('the rule document and the editor', () => {
  it('a saved rule round-trips through the editor unchanged', () => {
    expect(docFromForm(formFromDoc(DOC))).toEqual(DOC);
    const bare: RuleDoc = { topic: '', signals: [DOC.signals[0]!], time: null, command: null };
    expect(docFromForm(formFromDoc(bare))).toEqual(bare);
  });

  it('no rule yet: one empty row, the server\'s clock, no command', () => {
    const form = formFromDoc(null);
    expect(form.signals).toHaveLength(1);
    expect(form.signals[0]).toMatchObject({ key: '', path: '', kind: 'number', scale: null, offset: null });
    expect(form.timeFrom).toBe('server');
    expect(docFromForm(form)).toEqual({
      topic: '',
      signals: [{ key: '', path: '', kind: 'number', scale: 1, offset: 0, unit: '' }],
      time: null,
      command: null,
    });
  });

  it('shows scale 1 and offset 0 as empty cells, and sends empty cells as 1 and 0', () => {
    const form = formFromDoc(DOC);
    expect(form.signals.map((s) => [s.scale, s.offset])).toEqual([[0.1, null], [null, null], [null, -2.5]]);
  });

  it('trims texts, leaves out a blank command and an empty reply path, keeps the template as written', () => {
    const form = formFromDoc(DOC);
    form.topic = ' up/telemetry ';
    form.signals[0] = { ...form.signals[0]!, key: ' T ', path: ' d.t ' };
    form.replyPath = '  ';
    form.template = ' {"v": {{value}}} ';
    const doc = docFromForm(form);
    expect(doc.topic).toBe('up/telemetry');
    expect(doc.signals[0]).toMatchObject({ key: 'T', path: 'd.t' });
    expect(doc.command).toEqual({ template: ' {"v": {{value}}} ', replyPath: null });
    expect(docFromForm({ ...form, template: '   ' }).command).toBeNull();
    expect(docFromForm({ ...form, timeFrom: 'server' }).time).toBeNull();
  });

  it('each row has its own id, so rows move without mixing their errors', () => {
    const ids = formFromDoc(DOC).signals.map((s) => s.id);
    expect(new Set(ids).size).toBe(3);
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('shows the data topic with the prefix in front', () => {
    expect(dataTopic('plant/q1', ' data ')).toBe('plant/q1/data');
    expect(dataTopic('plant/q1', '')).toBe('plant/q1');
  });
});

describe('where a refusal belongs (the server names rule.<field>)', () => {
  it('a row\'s field is that row\'s cell', () => {
    expect(refusedPlace('rule.signals[1].path')).toEqual({ at: 'signal', index: 1, field: 'path' });
    expect(refusedPlace('rule.signals[0].key')).toEqual({ at: 'signal', index: 0, field: 'key' });
    expect(refusedPlace('rule.signals[12].scale')).toEqual({ at: 'signal', index: 12, field: 'scale' });
    expect(refusedPlace('rule.signals[3].kind')).toEqual({ at: 'signal', index: 3, field: 'kind' });
    expect(refusedPlace('rule.signals[2].offset')).toEqual({ at: 'signal', index: 2, field: 'offset' });
  });

  it('the list, the topic, the time and the command', () => {
    expect(refusedPlace('rule.signals')).toEqual({ at: 'signals' });
    expect(refusedPlace('rule.topic')).toEqual({ at: 'field', field: 'topic' });
    expect(refusedPlace('rule.time.path')).toEqual({ at: 'field', field: 'time.path' });
    expect(refusedPlace('rule.time.unit')).toEqual({ at: 'field', field: 'time.unit' });
    expect(refusedPlace('rule.command.template')).toEqual({ at: 'field', field: 'command.template' });
    expect(refusedPlace('rule.command.replyPath')).toEqual({ at: 'field', field: 'command.replyPath' });
  });

  it('the rule as a whole (an unknown field, not an object), and nothing for other fields', () => {
    expect(refusedPlace('rule')).toEqual({ at: 'rule' });
    expect(refusedPlace('rule.somethingNew')).toEqual({ at: 'rule' });
    expect(refusedPlace('id')).toBeUndefined();
    expect(refusedPlace(undefined)).toBeUndefined();
  });
});

describe('a refusal on its own field says only why', () => {
  it('drops the catalogue\'s "parameter … invalid" around the reason, in both languages', () => {
    expect(reasonOnly('参数 rule.signals[1].key 无效：与另一项的值重复', 'rule.signals[1].key')).toBe('与另一项的值重复');
    expect(reasonOnly('Invalid parameter rule.topic: is not in a valid format', 'rule.topic')).toBe('is not in a valid format');
  });

  it('keeps a message worded otherwise whole', () => {
    expect(reasonOnly('规则无效', 'rule.topic')).toBe('规则无效');
    expect(reasonOnly('参数 rule.topic 无效', 'rule.topic')).toBe('参数 rule.topic 无效');
    expect(reasonOnly('anything', undefined)).toBe('anything');
  });
});

describe('the leaves of a pasted sample', () => {
  it('every number and true/false with the path that reads it, in document order', () => {
    const sample = { ts: 1764374400000, d: { t: 215, run: true, name: 'pump', list: [{ v: 1 }, { v: [7, false] }] }, ok: null };
    expect(sampleLeaves(sample)).toEqual([
      { path: 'ts', kind: 'number' },
      { path: 'd.t', kind: 'number' },
      { path: 'd.run', kind: 'bool' },
      { path: 'd.list[0].v', kind: 'number' },
      { path: 'd.list[1].v[0]', kind: 'number' },
      { path: 'd.list[1].v[1]', kind: 'bool' },
    ]);
  });

  it('a top-level list reads by index; keys the path syntax cannot write are passed over', () => {
    expect(sampleLeaves([3, { a: 4 }])).toEqual([
      { path: '[0]', kind: 'number' },
      { path: '[1].a', kind: 'number' },
    ]);
    expect(sampleLeaves({ 'a.b': 1, 'c[0]': 2, '': 3, ' d': 4, $: { x: 5 }, e: 6 })).toEqual([{ path: 'e', kind: 'number' }]);
    expect(sampleLeaves(42)).toEqual([]);
    expect(sampleLeaves('text')).toEqual([]);
  });

  it('stops at the most signals a rule may have', () => {
    const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`v${i}`, i]));
    expect(sampleLeaves(many)).toHaveLength(RULE_MAX.signals);
  });

  it('a sample that is not JSON is told apart', () => {
    expect(parseSample('{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(parseSample('{a: 1}')).toBeUndefined();
    expect(parseSample('')).toBeUndefined();
  });

  it('adds a row per leaf not yet read, keyed by its path, dropping blank rows', () => {
    const existing = [{ ...emptySignal(), key: 'Temp', path: '$.d.t' }, emptySignal()];
    const { rows, added } = addLeaves(existing, sampleLeaves({ d: { t: 1, run: true }, ts: 5 }));
    expect(added).toBe(2);
    expect(rows.map((r) => [r.key, r.path, r.kind])).toEqual([
      ['Temp', '$.d.t', 'number'],
      ['d.run', 'd.run', 'bool'],
      ['ts', 'ts', 'number'],
    ]);
    expect(addLeaves(rows, sampleLeaves({ d: { t: 1 } })).added).toBe(0);
  });

  it('makes keys unique and at most 64 characters', () => {
    const taken = [{ ...emptySignal(), key: 'a', path: 'x' }];
    const { rows } = addLeaves(taken, [{ path: 'a', kind: 'number' }]);
    expect(rows.map((r) => r.key)).toEqual(['a', 'a_2']);
    const long = 'p'.repeat(80);
    const keys = addLeaves([], [{ path: long, kind: 'number' }, { path: `${long}.q`, kind: 'number' }]).rows.map((r) => r.key);
    expect(keys[0]).toHaveLength(64);
    expect(keys[1]).toHaveLength(64);
    expect(keys[1]).toMatch(/_2$/);
  });

  it('never makes a rule longer than the server takes', () => {
    const full = Array.from({ length: RULE_MAX.signals }, (_, i) => ({ ...emptySignal(), key: `k${i}`, path: `p${i}` }));
    expect(addLeaves(full, [{ path: 'new', kind: 'number' }])).toMatchObject({ added: 0 });
  });
});
