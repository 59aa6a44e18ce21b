/**
 * The rule a new password must meet (crates/domain/src/validate.rs; the limits from crates/domain/src/limits.rs),
 * repeated so a mistake shows while typing: a sub-account's password (features/subAccounts), the user's own on
 * the security screens and in a password recovery (features/security). The server stays the authority.
 */
import { Limits } from '@/lib/api/limits';

export const PASSWORD_MIN = Limits.PasswordMinChars;
export const PASSWORD_MAX = Limits.PasswordMaxChars;

export type PasswordProblem = 'required' | 'rule';

/**
 * A new password (the spec's rule): {@link PASSWORD_MIN} to {@link PASSWORD_MAX} printable ASCII characters, case
 * sensitive, with at least one letter, one digit and one symbol. Not trimmed: a space is not allowed, and what is
 * typed is what is saved.
 */
export function passwordProblem(value: string | undefined): PasswordProblem | undefined {
  const password = value ?? '';
  if (!password) return 'required';
  const printable = /^[\x21-\x7E]+$/.test(password);
  const fits = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
  if (!printable || !fits || !/[A-Za-z]/.test(password) || !/\d/.test(password) || !/[^A-Za-z\d]/.test(password)) {
    return 'rule';
  }
  return undefined;
}
