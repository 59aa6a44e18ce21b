/**
 * The login form's rules, without antd's Form: the login page is the first thing every operator loads, and antd's
 * Form brings its field engine, an async validator and the tooltip it shows on labels (about 40 kB of compressed
 * JavaScript, issue 12) for three required fields. The rules are antd's `required` (password) and `required` with
 * `whitespace` (user name, code), and a field shows its message once it has been changed or submitted, as in antd.
 */
import type { Credentials } from './api/login';

export type LoginField = keyof Credentials;

export const LOGIN_FIELDS: readonly LoginField[] = ['loginname', 'password', 'vcode'];

export const EMPTY_CREDENTIALS: Credentials = { loginname: '', password: '', vcode: '' };

/** Whether a field's value is missing: empty, or only spaces where spaces alone mean nothing (not a password). */
export function isMissing(field: LoginField, value: string): boolean {
  return field === 'password' ? value === '' : value.trim() === '';
}

/** The fields among `checked` whose values are missing: the ones showing a message. */
export function missingFields(values: Credentials, checked: ReadonlySet<LoginField>): LoginField[] {
  return LOGIN_FIELDS.filter((field) => checked.has(field) && isMissing(field, values[field]));
}
