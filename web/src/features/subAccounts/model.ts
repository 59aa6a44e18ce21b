/**
 * Sub-accounts of an organisation and the equipment granted to them, as the server answers them
 * (crates/server/src/api/accounts.rs), and the rules it checks on their fields (crates/domain/src/validate.rs),
 * repeated so a mistake shows while typing; the server stays the authority.
 */
import { Permission, type PermissionCode } from '@/lib/access';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { Code } from '@/lib/api/codes';
import { Limits } from '@/lib/api/limits';
import type * as answers from '@/generated/answers';

/** Which equipment an account sees: every equipment of the organisation, or only the equipment granted to it. */
export type DataRange = 'all' | 'authorised';
export const DATA_RANGES: readonly DataRange[] = ['authorised', 'all'];
/** The server's default for a new account. */
export const DEFAULT_DATA_RANGE: DataRange = 'authorised';

/** A row of `/lfscada/user/sub/query`. */
export type SubAccount = answers.SubAccount;

/** The permission codes an administrator can give, in the order the form lists them. */
export const PERMISSIONS: readonly PermissionCode[] = [
  Permission.MultiDesignerAlarm,
  Permission.MultiDesignerRepair,
  Permission.EquipInfoMenuAlarm,
  Permission.DesignerMenuAlarm,
  Permission.WriteData,
  Permission.Manage,
];

export function isPermission(code: string): code is PermissionCode {
  return (PERMISSIONS as readonly string[]).includes(code);
}

/** The fields of the add and edit forms. */
export interface AccountFields {
  tel: string;
  email: string;
  dataRange: DataRange;
  auths: string[];
}

export interface NewAccount extends AccountFields {
  loginname: string;
  password: string;
}

/** An equipment of the organisation as the authorisation list shows it (of a row of `/equipment/multi/query`). */
export type EquipmentOption = Pick<answers.Equipment, 'id' | 'equipName' | 'gatewayName' | 'gatewaySn' | 'groupName'>;

/** Rows asked for per page when loading every equipment (the server's largest page). */
export const EQUIPMENT_PAGE_SIZE = Limits.PageSizeMax;

/** Whether an equipment matches a search text: its name, gateway (name or serial number) or group. */
export function matchesEquipment(equipment: EquipmentOption, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [equipment.equipName, equipment.gatewayName, equipment.gatewaySn, equipment.groupName].some((text) =>
    (text ?? '').toLowerCase().includes(needle),
  );
}

// Field rules (crates/domain/src/validate.rs; the limits from crates/domain/src/limits.rs).

export const LOGINNAME_MAX = Limits.LoginNameChars;
export const TEL_MAX = Limits.TelephoneChars;
export const EMAIL_MAX = Limits.EmailChars;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/;

export type LoginnameProblem = 'required' | 'tooLong' | 'controlCharacters';

/** A login name: required (trimmed), at most {@link LOGINNAME_MAX} characters, no control characters. */
export function loginnameProblem(value: string | undefined): LoginnameProblem | undefined {
  const name = (value ?? '').trim();
  if (!name) return 'required';
  if ([...name].length > LOGINNAME_MAX) return 'tooLong';
  if (CONTROL.test(name)) return 'controlCharacters';
  return undefined;
}

/**
 * An optional telephone: empty, or at most {@link TEL_MAX} characters of digits, + - ( ) and spaces, with at least
 * 5 digits.
 */
export function telephoneProblem(value: string | undefined): 'format' | undefined {
  const tel = (value ?? '').trim();
  if (!tel) return undefined;
  const digits = tel.replace(/\D/g, '').length;
  return tel.length > TEL_MAX || !/^[\d+\-() ]+$/.test(tel) || digits < 5 ? 'format' : undefined;
}

/**
 * An optional e-mail address: empty, or at most {@link EMAIL_MAX} characters, one @ between a local part and a
 * dotted domain.
 */
export function emailProblem(value: string | undefined): 'tooLong' | 'format' | undefined {
  const email = (value ?? '').trim();
  if (!email) return undefined;
  if ([...email].length > EMAIL_MAX) return 'tooLong';
  const at = email.indexOf('@');
  const local = at < 0 ? '' : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at + 1);
  const wellFormed =
    local.length > 0 && !domain.includes('@') && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
  return !wellFormed || /\s/.test(email) || CONTROL.test(email) ? 'format' : undefined;
}

// Refusals of the server.

export const USER_EXISTS = Code.UserExists;
export const SUB_ACCOUNT_NOT_FOUND = Code.SubAccountNotFound;
export const EQUIPMENT_NOT_FOUND = Code.EquipmentNotFound;

/**
 * The form field a refusal belongs on, among `fields`: a taken login name (1201) is the login name's, a refused
 * parameter (1100/1101, "invalid parameter {field}: …") the field it names (`auths.2` is `auths`). Undefined for
 * anything else, which is toasted.
 */
export function accountField<F extends string>(
  error: Pick<ApiError, 'code' | 'data'>,
  fields: readonly F[],
): F | undefined {
  if (error.code === USER_EXISTS) return fields.find((f) => f === 'loginname');
  return refusedFormField(error, fields);
}
