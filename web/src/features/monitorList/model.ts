/**
 * The equipment monitor's data (groups, cards, map cards) and the pure rules its screens apply: a card's state and
 * colour, the group name rule, the list's filters in the address, client-side paging and value display.
 *
 * The cards' shapes are the server's answer types (web/src/generated/answers.ts, from crates/server/src/answers).
 */

import { Limits } from '@/lib/api/limits';
import type { MonitorKind } from '@/lib/paths';
import type * as answers from '@/generated/answers';
import type { Card, Listed } from '@/generated/answers';

/** Rows per page (spec section 9). */
export const PAGE_SIZE = 10;

/** Which of antd's breakpoints the window reaches (antd's `ScreenMap`: xs < 576 px ≤ sm < 768 ≤ md < 992 ≤ lg …). */
export type Screens = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', boolean>>;

/**
 * Cards per row in a card list for the window's width: one on a phone, two from 576 px, three from 992 px, four
 * from 1600 px (what antd's Col `xs=24 sm=12 lg=8 xxl=6` gave).
 */
export function cardColumns(screens: Screens): number {
  if (screens.xxl) return 4;
  if (screens.lg) return 3;
  if (screens.sm) return 2;
  return 1;
}

/** A group of /lfscada/monitor/group/query. */
export type Group = answers.Group;

/** An entry of /lfscada/monitor/group/equipment/queryAllByGroup; id 0 (name '') holds the ungrouped equipment. */
export type GroupWithEquipment = answers.GroupWithEquipment;

/** The id queryAllByGroup and queryByGroup use for "no group". */
export const UNGROUPED_ID = 0;

/** One equipment as the monitor lists show it; the map's cards add the latest values of their first signals. */
export type { Card, KeyValue, MapCard } from '@/generated/answers';

/** A page of /lfscada/monitor/equipment/query. */
export type CardPage = Listed<Card>;

// ---------------------------------------------------------------------------------------------------------------
// State and colour

export { STATE_COLOUR, cardState, markerColour, type CardState } from '@/entities/equipment/cardState';

/** The picture to show, or null: the server sends '' for none. */
export function cardImage(card: Pick<Card, 'image'>): string | null {
  const path = card.image.trim();
  return path ? path : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Group names

/** Longest group name (spec section 5: "Group name up to 30 characters"; the server's GroupName). */
export const GROUP_NAME_MAX = Limits.GroupNameChars;

export type GroupNameProblem = 'required' | 'tooLong' | 'control';

/**
 * The server's rule for a group name, so the form refuses what the server would: trimmed, 1 to {@link GROUP_NAME_MAX}
 * characters (counted as characters, not UTF-16 units, so that many Chinese characters or emoji fit), no control
 * characters.
 */
export function groupNameProblem(raw: string | null | undefined): GroupNameProblem | null {
  const name = (raw ?? '').trim();
  if (name === '') return 'required';
  if ([...name].length > GROUP_NAME_MAX) return 'tooLong';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'control';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The list's filters, kept in the address so the back button from a detail returns to the same list

export type ListView = 'list' | 'group';
export type ListSort = 'time' | 'name';
export type OnlineFilter = 'all' | 'online' | 'offline';

export interface ListFilters {
  view: ListView;
  keyword: string;
  sort: ListSort;
  online: OnlineFilter;
  followedOnly: boolean;
  /** From 1 (the flat list only; each group section pages itself). */
  page: number;
}

export const DEFAULT_FILTERS: ListFilters = {
  view: 'list',
  keyword: '',
  sort: 'time',
  online: 'all',
  followedOnly: false,
  page: 1,
};

/**
 * Reads the filters from the address's query; anything unknown falls back to the default. `defaultView` is the view a
 * plain address opens: the user's choice in the account settings (entities/account/userConfig.ts `equipDisplay`).
 */
export function readFilters(params: URLSearchParams, defaultView: ListView = DEFAULT_FILTERS.view): ListFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const online = params.get('online');
  const view = params.get('view');
  return {
    view: view === 'group' || view === 'list' ? view : defaultView,
    keyword: (params.get('keyword') ?? '').trim(),
    sort: params.get('sort') === 'name' ? 'name' : 'time',
    online: online === 'online' || online === 'offline' ? online : 'all',
    followedOnly: params.get('follow') === 'true',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The query that {@link readFilters} reads back; defaults are left out so a plain list has a plain address. */
export function writeFilters(filters: ListFilters, defaultView: ListView = DEFAULT_FILTERS.view): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view !== defaultView) params.set('view', filters.view);
  const keyword = filters.keyword.trim();
  if (keyword) params.set('keyword', keyword);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.online !== 'all') params.set('online', filters.online);
  if (filters.followedOnly) params.set('follow', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The server's card filters for these list filters (page and group are the caller's). */
export function cardFilterPayload(filters: Pick<ListFilters, 'keyword' | 'sort' | 'online' | 'followedOnly'>) {
  const keyword = filters.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    sort: filters.sort,
    ...(filters.online === 'all' ? {} : { online: filters.online === 'online' ? 'true' : 'false' }),
    ...(filters.followedOnly ? { follow: 'true' } : {}),
  };
}

/** True when any filter narrows the list (an empty result then means "no match", not "no equipment"). */
export function isFiltered(filters: Pick<ListFilters, 'keyword' | 'online' | 'followedOnly'>): boolean {
  return filters.keyword.trim() !== '' || filters.online !== 'all' || filters.followedOnly;
}

// ---------------------------------------------------------------------------------------------------------------
// Paging a whole list on the client (the group view reads a group's cards at once, to find a highlighted one)

/** The 1-based page of `list` (pages of `pageSize`) that holds `id`, or null when it is not there. */
export function pageOf(list: ReadonlyArray<{ id: number }>, id: number, pageSize = PAGE_SIZE): number | null {
  const index = list.findIndex((item) => item.id === id);
  return index < 0 ? null : Math.floor(index / pageSize) + 1;
}

/** Page `page` (from 1) of `list`; a page past the end gives the last one, so deleting the last card never strands. */
export function pageSlice<T>(list: readonly T[], page: number, pageSize = PAGE_SIZE): { page: number; items: T[] } {
  const last = Math.max(1, Math.ceil(list.length / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), last);
  return { page: current, items: list.slice((current - 1) * pageSize, current * pageSize) };
}

// ---------------------------------------------------------------------------------------------------------------
// The map

export { MAP_ZOOM, hasCoordinates } from '@/entities/equipment/cardState';
import { hasCoordinates } from '@/entities/equipment/cardState';

/** Splits cards into those the map can place and those listed beside it as "not placed". */
export function splitPlaced<T extends Pick<Card, 'latitude' | 'longitude'>>(cards: readonly T[]): { placed: T[]; unplaced: T[] } {
  const placed: T[] = [];
  const unplaced: T[] = [];
  for (const card of cards) (hasCoordinates(card) ? placed : unplaced).push(card);
  return { placed, unplaced };
}

// ---------------------------------------------------------------------------------------------------------------
// Values (times are shown by lib/chinaTime.ts)

/** A live value with its unit, at most 3 decimals and no trailing zeros ("12.35 bar"); '—' without a value. */
export function formatKeyValue(value: number | null | undefined, unit: string | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = String(Number(value.toFixed(3)));
  const clean = text === '-0' ? '0' : text;
  const u = unit?.trim();
  return u ? `${clean} ${u}` : clean;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses of other screens (owned by other features; the paths are the route table's)

/** The group monitor of a kind (`/monitor/{eg|gm}/group`) with a group selected, and optionally an equipment highlighted. */
export function groupPath(groupId: number, equipmentId?: number, kind: MonitorKind = 'eg'): string {
  return `/monitor/${kind}/group/list/${groupId}${equipmentId === undefined ? '' : `/${equipmentId}`}`;
}

/** A route parameter as a non-negative id, or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
