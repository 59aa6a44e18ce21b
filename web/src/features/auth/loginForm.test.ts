import { describe, expect, it } from 'vitest';
import { EMPTY_CREDENTIALS, LOGIN_FIELDS, isMissing, missingFields } from './loginForm';

describe('login form rules', () => {
  it('a name or code of spaces is missing; a password of spaces is not', () => {
    expect(isMissing('loginname', ' \t')).toBe(true);
    expect(isMissing('vcode', '  ')).toBe(true);
    expect(isMissing('password', '  ')).toBe(false);
    expect(isMissing('password', '')).toBe(true);
    expect(isMissing('loginname', ' a ')).toBe(false);
  });

  it('only checked fields show as missing', () => {
    expect(missingFields(EMPTY_CREDENTIALS, new Set())).toEqual([]);
    expect(missingFields(EMPTY_CREDENTIALS, new Set(['password'] as const))).toEqual(['password']);
    expect(missingFields({ loginname: 'a', password: '', vcode: 'x' }, new Set(LOGIN_FIELDS))).toEqual(['password']);
  });
});
