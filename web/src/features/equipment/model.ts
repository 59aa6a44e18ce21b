/**
 * Equipment as the server answers it (crates/store/src/equipment.rs) and the limits the server applies to its
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
}

/** A row of /lfscada/equipment/multi/query and the answer of /info. */
export interface Equipment extends EquipmentFields {
  id: number;
  /** Serial number of the bound gateway, if any. */
  gatewaySn: string | null;
  /** Name of the bound gateway, if any. */
  gatewayName: string | null;
  /** The bound gateway is online; false without a gateway. */
  online: boolean;
  /** The monitor group it is in, if any, and that group's name. */
  groupId: number | null;
  groupName: string | null;
  /** Driver settings (`{kind, …}`), if set. */
  driver: Record<string, unknown> | null;
  /** Path of the equipment's picture (`/userimg/…`), empty when it has none. */
  image?: string | null;
  gmtCreate: number;
  gmtModified: number;
}

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
