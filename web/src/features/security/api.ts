/**
 * The security calls (`/lfscada/user/security/*`, a session) and the password recovery calls
 * (`/lfscada/findpwd/*`, public; the recovery is an HttpOnly cookie the browser carries). All silent: the wizard
 * shows each refusal under its form in the server's words. The security state, which the profile reads too, is
 * entities/account/security.ts.
 */
import { post } from '@/lib/api/client';
import type { CodeSent, Proven, RecoveryMethods } from '@/generated/answers';
import type { ProofMethod } from './model';

export type Channel = 'tel' | 'email';

/** A code to the account's verified phone or e-mail (identity), or to a new address to bind. */
export function sendSecurityCode(input: { purpose: 'identity' | 'bind'; channel: Channel; address?: string }): Promise<CodeSent> {
  return post<CodeSent>('/lfscada/user/security/sendCode', { ...input }, { silent: true });
}

export function verifyIdentity(input: { method: ProofMethod; password?: string; code?: string; answer?: string }): Promise<Proven> {
  return post<Proven>('/lfscada/user/security/verify', { ...input }, { silent: true });
}

export function changePassword(password: string): Promise<null> {
  return post<null>('/lfscada/user/security/password', { password }, { silent: true });
}

export function bindTel(input: { tel: string; code?: string }): Promise<null> {
  return post<null>('/lfscada/user/security/tel', { ...input }, { silent: true });
}

export function bindEmail(input: { email: string; code: string }): Promise<null> {
  return post<null>('/lfscada/user/security/email', { ...input }, { silent: true });
}

export function setQuestion(input: { question: string; answer: string }): Promise<null> {
  return post<null>('/lfscada/user/security/question', { ...input }, { silent: true });
}

/** Starts a recovery: the login name and the captcha, as the login form sends them. */
export function startRecovery(input: { loginname: string; vcode: string }): Promise<RecoveryMethods> {
  return post<RecoveryMethods>('/lfscada/findpwd/account', { ...input }, { silent: true });
}

export function sendRecoveryCode(channel: Channel): Promise<CodeSent> {
  return post<CodeSent>('/lfscada/findpwd/sendCode', { channel }, { silent: true });
}

export function verifyRecovery(input: { method: 'tel' | 'email' | 'question'; code?: string; answer?: string }): Promise<Proven> {
  return post<Proven>('/lfscada/findpwd/verify', { ...input }, { silent: true });
}

export function finishRecovery(password: string): Promise<null> {
  return post<null>('/lfscada/findpwd/password', { password }, { silent: true });
}
