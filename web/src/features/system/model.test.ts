import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '@/generated/answers';
import { acceptsOf, announcementActions, textProblem } from './model';

const base = { name: 'port', labelZh: '端口', labelEn: 'Port', unit: '', default: 502 };
/** A kind a newer server may add: outside the generated union, which acceptsOf's fallback is kept for. */
const futureField = { ...base, type: 'future' } as unknown as FieldSchema;

describe('driver field limits', () => {
  it('reads a range, a length and options from the schema', () => {
    expect(acceptsOf({ ...base, type: 'integer', min: 1, max: 65535 })).toEqual({ kind: 'range', min: 1, max: 65535 });
    expect(acceptsOf({ ...base, type: 'text', max_len: 253 })).toEqual({ kind: 'length', max: 253 });
    expect(acceptsOf({ ...base, type: 'number_choice', options: [9600, 19200] })).toEqual({
      kind: 'options',
      options: '9600, 19200',
    });
    expect(acceptsOf(futureField)).toEqual({ kind: 'unknown' });
  });
});

describe('announcement rules (as crates/server/src/api/system.rs)', () => {
  it('allows each action only in its status', () => {
    expect(announcementActions('draft')).toEqual({ edit: true, publish: true, withdraw: false, delete: true });
    expect(announcementActions('published')).toEqual({ edit: false, publish: false, withdraw: true, delete: false });
    expect(announcementActions('withdrawn')).toEqual({ edit: false, publish: false, withdraw: false, delete: true });
  });

  it('checks texts as the server does', () => {
    expect(textProblem('  ', 100)).toBe('required');
    expect(textProblem('公'.repeat(100), 100)).toBeUndefined();
    expect(textProblem('公'.repeat(101), 100)).toBe('tooLong');
    expect(textProblem('a\nb', 100)).toBe('controlCharacters');
    expect(textProblem('a\nb\tc', 100, true)).toBeUndefined();
    expect(textProblem('a\u0007b', 100, true)).toBe('controlCharacters');
  });
});
