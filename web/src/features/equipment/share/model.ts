/**
 * Sharing of an equipment (crates/server/src/api/shares.rs): whether it is shared, whether a visitor password is
 * set (the server keeps only its hash, so the console never sees the password) and what a visitor may do. The
 * settings screen turns each control into one call; this module says which call with which fields, checks the
 * password with the server's rule (spec section 5: at least 4 characters, letters or digits only; at most 32),
 * and builds the address the QR code holds.
 */
import { Limits } from '@/lib/api/limits';
import { sharePath } from '@/lib/paths';
import type * as answers from '@/generated/answers';

/** `POST /lfscada/equipment/multi/share/info {equipId}`'s answer. */
export type ShareInfo = answers.ShareInfo;

/** What a visitor may do (`auth`): look only, or look and write values. */
export const SHARE_AUTHS: ReadonlyArray<ShareInfo['auth']> = ['view', 'control'];

/** The body of `share/editAuth`: `enabled` is left out when only the authority changes (the server keeps it). */
export interface ShareAuthCall {
  equipId: number;
  auth: ShareInfo['auth'];
  enabled?: boolean;
}

/** Turning sharing on or off: the authority is sent as it is (the call needs one). */
export function switchCall(info: ShareInfo, enabled: boolean): ShareAuthCall {
  return { equipId: info.equipId, auth: info.auth, enabled };
}

/** Choosing another visitor authority; whether sharing is on stays as it is. */
export function authorityCall(info: ShareInfo, auth: ShareInfo['auth']): ShareAuthCall {
  return { equipId: info.equipId, auth };
}

/** The settings after a successful call, so the screen shows them before the server is asked again. */
export function afterAuthCall(info: ShareInfo, call: ShareAuthCall): ShareInfo {
  return { ...info, auth: call.auth, enabled: call.enabled ?? info.enabled };
}

/** The server turns sharing on when a password is set. */
export function afterPasswordSet(info: ShareInfo): ShareInfo {
  return { ...info, hasPassword: true, enabled: true };
}

/** Length of a sharing password (the server's limits). */
export const SHARE_PASSWORD = { min: Limits.SharePasswordMinChars, max: Limits.SharePasswordMaxChars } as const;

export type SharePasswordProblem = 'required' | 'lettersDigits' | 'tooShort' | 'tooLong';

/** What is wrong with a share password, in the order the server checks; null when it is acceptable. */
export function sharePasswordProblem(password: string): SharePasswordProblem | null {
  if (password === '') return 'required';
  if (!/^[A-Za-z0-9]+$/.test(password)) return 'lettersDigits';
  if (password.length < SHARE_PASSWORD.min) return 'tooShort';
  if (password.length > SHARE_PASSWORD.max) return 'tooLong';
  return null;
}

/**
 * The absolute address of the equipment's public share view, e.g. `https://scada.example.com/share/7`: a visitor
 * without an account opens it with the share password (docs/share.md).
 */
export function shareLink(origin: string, equipId: number): string {
  return `${origin.replace(/\/+$/, '')}${sharePath(equipId)}`;
}

/** The QR code's file name: `<name>-qr.png`, with characters file systems refuse replaced; the id without a name. */
export function qrFileName(equipName: string, equipId: number): string {
  const cleaned = Array.from(equipName.trim(), (c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${cleaned || `equipment-${equipId}`}-qr.png`;
}
