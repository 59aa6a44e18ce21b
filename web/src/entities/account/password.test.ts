import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('new password (spec: 8 to 15 characters, case sensitive, letters, symbols and digits)', () => {
  it.each(['Op@12345', 'a1!aaaaa', 'Abcdefghij1234!', 'x_9xxxxx'])('accepts %s', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });

  it.each([
    ['', 'required'],
    ['Op@1234', 'rule'], // 7 characters
    ['Abcdefghij12345!', 'rule'], // 16 characters
    ['Operator1', 'rule'], // no symbol
    ['Operator!', 'rule'], // no digit
    ['12345678!', 'rule'], // no letter
    ['Op@ 12345', 'rule'], // a space
    ['Op@1234５', 'rule'], // not ASCII
  ])('refuses %j (%s)', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});
