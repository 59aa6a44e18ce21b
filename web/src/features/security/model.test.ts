import { describe, expect, it } from 'vitest';
import {
  codeProblem,
  normaliseAnswer,
  proofMethods,
  recoveryChoices,
  recoveryStage,
  resendSecondsLeft,
  securityPath,
  setupStep,
  stageOf,
  validatePath,
} from './model';

const BASE = '/account/security/sms/setup';

describe('the set-up wizard', () => {
  it('reads every child route of the spec', () => {
    expect(setupStep(`${BASE}/validate`, 'email')).toEqual({ kind: 'choose', target: 'email' });
    expect(setupStep(`${BASE}/validate/tel/question`, null)).toEqual({ kind: 'prove', method: 'tel', target: 'question' });
    expect(setupStep(`${BASE}/validate/email`, 'tel')).toEqual({ kind: 'prove', method: 'email', target: 'tel' });
    expect(setupStep(`${BASE}/validate/question`, 'password')).toEqual({ kind: 'prove', method: 'question', target: 'password' });
    expect(setupStep(`${BASE}/validate/password`, null)).toEqual({ kind: 'prove', method: 'password', target: 'password' });
    expect(setupStep(`${BASE}/password`, null)).toEqual({ kind: 'change', target: 'password' });
    expect(setupStep(`${BASE}/tel`, null)).toEqual({ kind: 'change', target: 'tel' });
    expect(setupStep(`${BASE}/tel/validate`, null)).toEqual({ kind: 'confirm', target: 'tel' });
    expect(setupStep(`${BASE}/email/validate`, null)).toEqual({ kind: 'confirm', target: 'email' });
    expect(setupStep(`${BASE}/question/validate`, null)).toEqual({ kind: 'confirm', target: 'question' });
    expect(setupStep(`${BASE}/success/email`, null)).toEqual({ kind: 'success', target: 'email' });
  });

  it('refuses paths that are no step', () => {
    expect(setupStep(`${BASE}/validate/tel/nothing`, null)).toBeUndefined();
    expect(setupStep(`${BASE}/password/validate`, null)).toBeUndefined();
    expect(setupStep(`${BASE}/success/x`, null)).toBeUndefined();
    expect(setupStep(`${BASE}`, null)).toBeUndefined();
  });

  it('an unknown next falls back to the password', () => {
    expect(setupStep(`${BASE}/validate`, 'evil')).toEqual({ kind: 'choose', target: 'password' });
  });

  it('offers the password and every verified way', () => {
    const none = { telVerified: false, emailVerified: false, questionSet: false, smsAvailable: true };
    expect(proofMethods(none)).toEqual(['password']);
    expect(proofMethods({ ...none, telVerified: true, emailVerified: true, questionSet: true })).toEqual(['password', 'tel', 'email', 'question']);
    expect(proofMethods({ ...none, telVerified: true, smsAvailable: false })).toEqual(['password']);
  });

  it('puts the target of a phone check in its path', () => {
    expect(validatePath('tel', 'email')).toBe(`${BASE}/validate/tel/email`);
    expect(validatePath('question', 'tel')).toBe(`${BASE}/validate/question?next=tel`);
  });

  it('numbers the stages', () => {
    expect(stageOf({ kind: 'choose', target: 'tel' })).toBe(0);
    expect(stageOf({ kind: 'confirm', target: 'tel' })).toBe(1);
    expect(stageOf({ kind: 'success', target: 'tel' })).toBe(2);
  });

  it('chooses the sms or nosms screen', () => {
    expect(securityPath(true)).toBe('/account/security/sms');
    expect(securityPath(false)).toBe('/account/security/nosms');
  });
});

describe('password recovery', () => {
  it('lists the methods set up', () => {
    expect(recoveryChoices({ tel: null, email: 'o***@x.io', question: 'Pet?' })).toEqual(['email', 'question']);
    expect(recoveryChoices({ tel: null, email: null, question: null })).toEqual([]);
  });

  it('numbers the steps', () => {
    expect(recoveryStage('/findpwd/account')).toBe(0);
    expect(recoveryStage('/findpwd/validate/question')).toBe(1);
    expect(recoveryStage('/findpwd/password')).toBe(2);
    expect(recoveryStage('/findpwd/finish')).toBe(3);
  });
});

describe('codes', () => {
  it('counts the resend wait down', () => {
    expect(resendSecondsLeft(undefined, 60, 1000)).toBe(0);
    expect(resendSecondsLeft(1000, 60, 1000)).toBe(60);
    expect(resendSecondsLeft(1000, 60, 60_500)).toBe(1);
    expect(resendSecondsLeft(1000, 60, 61_000)).toBe(0);
  });

  it('takes six digits', () => {
    expect(codeProblem('')).toBe('required');
    expect(codeProblem('12345')).toBe('format');
    expect(codeProblem(' 012345 ')).toBeUndefined();
  });
});

describe('security answers', () => {
  it('compare without case or extra spaces, as the server does', () => {
    expect(normaliseAnswer('  Blue   PUMP ')).toBe('blue pump');
    expect(normaliseAnswer(undefined)).toBe('');
  });
});
