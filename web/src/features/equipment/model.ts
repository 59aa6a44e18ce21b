/**
 * Equipment as the server answers it (web/src/generated/answers.ts) and the limits the server applies to its
 * editable fields (crates/domain/src/limits.rs, through the generated contract), so the form refuses what the
 * server would.
 */
import { Limits } from '@/lib/api/limits';

/** Display mode: the signal list, or a configuration page. */
export type DisplayMode = 'list' | 'page';
export const DISPLAY_MODES: readonly DisplayMode[] = ['list', 'page'];

/** The fields a person edits (add and edit send all of them). */
export interface EquipmentFields {
  equipName: string;
  display: DisplayMode;
  /** `00` or `01` (the spec's rule types); not edited here, kept as it is. */
  ruleType: string;
  model: string;
  manufacturer: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  remark: string;
  /** The service subscription's expiry date, `YYYY-MM-DD` (China time); null for none. */
  expireDate: string | null;
}

/** A row of /lfscada/equipment/multi/query and the answer of /info (the server's answer type). */
export type { Equipment } from '@/generated/answers';

/** Rows per page (spec section 9). */
export const PAGE_SIZE = 10;

/** Text limits (characters) of the server. */
export const LIMITS = {
  equipName: Limits.EquipmentNameChars,
  model: Limits.EquipmentModelChars,
  manufacturer: Limits.ManufacturerChars,
  address: Limits.EquipmentAddressChars,
  remark: Limits.RemarkChars,
} as const;
export const LATITUDE = { min: -90, max: 90 } as const;
export const LONGITUDE = { min: -180, max: 180 } as const;

export type EquipmentSort = 'time' | 'name';

/** Where the edit screen of an equipment's tab is. */
export const EDIT_TABS = ['info', 'driver', 'signal', 'report', 'page'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

export const LIST_PATH = '/manage/eg/equipment/list';
export const ADD_PATH = '/manage/eg/equipment/add';
export function editPath(id: number, tab: EditTab = 'info'): string {
  return `/manage/eg/equipment/edit/${id}/${tab}`;
}
