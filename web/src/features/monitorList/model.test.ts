import { describe, expect, it } from 'vitest';
import { formatBaseTime } from '@/lib/chinaTime';
import {
  cardColumns,
  DEFAULT_FILTERS,
  cardFilterPayload,
  cardImage,
  cardState,
  formatKeyValue,
  groupNameProblem,
  groupPath,
  hasCoordinates,
  isFiltered,
  markerColour,
  pageOf,
  pageSlice,
  parseId,
  readFilters,
  splitPlaced,
  writeFilters,
  type ListFilters,
} from './model';

describe('card state and marker colour (offline grey, online green, online with alarms red)', () => {
  it.each([
    [{ online: false, alarmCount: 0 }, 'offline', '#8c8c8c'],
    [{ online: false, alarmCount: 3 }, 'offline', '#8c8c8c'],
    [{ online: true, alarmCount: 0 }, 'online', '#52c41a'],
    [{ online: true, alarmCount: 1 }, 'alarm', '#f5222d'],
  ] as const)('%o is %s', (card, state, colour) => {
    expect(cardState(card)).toBe(state);
    expect(markerColour(card)).toBe(colour);
  });
});

describe('cardImage', () => {
  it('is null for the server’s empty path', () => {
    expect(cardImage({ image: '' })).toBeNull();
    expect(cardImage({ image: '  ' })).toBeNull();
    expect(cardImage({ image: '/userimg/a.png' })).toBe('/userimg/a.png');
  });
});

describe('group name (spec section 5: up to 30 characters; trimmed, required, no control characters)', () => {
  it('requires a name after trimming', () => {
    expect(groupNameProblem('')).toBe('required');
    expect(groupNameProblem('   ')).toBe('required');
    expect(groupNameProblem(undefined)).toBe('required');
  });
  it('allows 30 characters and refuses 31, counting characters rather than UTF-16 units', () => {
    expect(groupNameProblem('组'.repeat(30))).toBeNull();
    expect(groupNameProblem('组'.repeat(31))).toBe('tooLong');
    expect(groupNameProblem('😀'.repeat(30))).toBeNull();
    expect(groupNameProblem(`  ${'a'.repeat(30)}  `)).toBeNull();
  });
  it('refuses control characters', () => {
    expect(groupNameProblem('a\u0007b')).toBe('control');
    expect(groupNameProblem('a\tb')).toBe('control');
    expect(groupNameProblem('Line A')).toBeNull();
  });
});

describe('list filters in the address', () => {
  const all: ListFilters = { view: 'group', keyword: 'pump', sort: 'name', online: 'offline', followedOnly: true, page: 3 };

  it('round-trips every filter', () => {
    expect(readFilters(writeFilters(all))).toEqual(all);
    expect(writeFilters(all).toString()).toBe('view=group&keyword=pump&sort=name&online=offline&follow=true&page=3');
  });
  it('leaves the defaults out and reads nonsense as the defaults', () => {
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(readFilters(new URLSearchParams('view=x&sort=y&online=z&follow=1&page=-2'))).toEqual(DEFAULT_FILTERS);
    expect(readFilters(new URLSearchParams('page=abc'))).toEqual(DEFAULT_FILTERS);
  });
  it('opens in the view the account settings chose, and names the other view in the address', () => {
    expect(readFilters(new URLSearchParams(''), 'group').view).toBe('group');
    expect(readFilters(new URLSearchParams('view=list'), 'group').view).toBe('list');
    expect(writeFilters({ ...DEFAULT_FILTERS, view: 'list' }, 'group').toString()).toBe('view=list');
    expect(writeFilters({ ...DEFAULT_FILTERS, view: 'group' }, 'group').toString()).toBe('');
  });
  it('becomes the server’s payload: online as "true"/"false", follow only when on, keyword trimmed', () => {
    expect(cardFilterPayload(all)).toEqual({ keyword: 'pump', sort: 'name', online: 'false', follow: 'true' });
    expect(cardFilterPayload({ ...DEFAULT_FILTERS, keyword: '  ', online: 'online' })).toEqual({ sort: 'time', online: 'true' });
    expect(cardFilterPayload(DEFAULT_FILTERS)).toEqual({ sort: 'time' });
  });
  it('knows when the list is narrowed', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, followedOnly: true })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, online: 'online' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, keyword: 'x' })).toBe(true);
  });
});

describe('cards per row (one on a phone, two from sm, three from lg, four from xxl)', () => {
  it('follows the widest breakpoint the window reaches', () => {
    expect(cardColumns({})).toBe(1);
    expect(cardColumns({ xs: true })).toBe(1);
    expect(cardColumns({ xs: false, sm: true, md: true })).toBe(2);
    expect(cardColumns({ sm: true, md: true, lg: true, xl: true })).toBe(3);
    expect(cardColumns({ sm: true, md: true, lg: true, xl: true, xxl: true })).toBe(4);
  });
});

describe('client-side paging', () => {
  const list = Array.from({ length: 23 }, (_, i) => ({ id: i + 100 }));
  it('finds the page that holds an id', () => {
    expect(pageOf(list, 100)).toBe(1);
    expect(pageOf(list, 109)).toBe(1);
    expect(pageOf(list, 110)).toBe(2);
    expect(pageOf(list, 122)).toBe(3);
    expect(pageOf(list, 5)).toBeNull();
  });
  it('slices pages of 10 and keeps the page within range', () => {
    expect(pageSlice(list, 1).items.map((x) => x.id)).toEqual(list.slice(0, 10).map((x) => x.id));
    expect(pageSlice(list, 3).items).toHaveLength(3);
    expect(pageSlice(list, 9)).toEqual({ page: 3, items: list.slice(20) });
    expect(pageSlice(list, 0).page).toBe(1);
    expect(pageSlice([], 4)).toEqual({ page: 1, items: [] });
  });
});

describe('map placement', () => {
  it('places only cards with both coordinates, finite and in range; 0,0 is a place', () => {
    expect(hasCoordinates({ latitude: 31.23, longitude: 121.47 })).toBe(true);
    expect(hasCoordinates({ latitude: 0, longitude: 0 })).toBe(true);
    expect(hasCoordinates({ latitude: null, longitude: 121 })).toBe(false);
    expect(hasCoordinates({ latitude: 31, longitude: null })).toBe(false);
    expect(hasCoordinates({ latitude: 91, longitude: 0 })).toBe(false);
    expect(hasCoordinates({ latitude: 0, longitude: -181 })).toBe(false);
    expect(hasCoordinates({ latitude: Number.NaN, longitude: 0 })).toBe(false);
  });
  it('splits placed from not placed, keeping the order', () => {
    const a = { id: 1, latitude: 1, longitude: 1 };
    const b = { id: 2, latitude: null, longitude: null };
    const c = { id: 3, latitude: 2, longitude: 2 };
    expect(splitPlaced([a, b, c])).toEqual({ placed: [a, c], unplaced: [b] });
  });
});

describe('display', () => {
  it('shows times in UTC+8 whatever the browser zone', () => {
    expect(formatBaseTime(0)).toBe('1970-01-01 08:00:00');
    expect(formatBaseTime(Date.UTC(2024, 11, 31, 16, 5, 9))).toBe('2025-01-01 00:05:09');
    expect(formatBaseTime(null)).toBe('—');
  });
  it('shows a live value with its unit', () => {
    expect(formatKeyValue(12.3456, 'bar')).toBe('12.346 bar');
    expect(formatKeyValue(3, '')).toBe('3');
    expect(formatKeyValue(-0.0001, '%')).toBe('0 %');
    expect(formatKeyValue(null, 'bar')).toBe('—');
  });
  it('builds the group addresses', () => {
    expect(groupPath(3)).toBe('/monitor/eg/group/list/3');
    expect(groupPath(0, 9)).toBe('/monitor/eg/group/list/0/9');
  });
  it('reads route ids', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBe(0);
    expect(parseId('-1')).toBeNull();
    expect(parseId('x')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});
