import { describe, expect, it } from 'vitest';
import { formatUnread } from './formatUnread';

describe("formatUnread: the unread badge shows '99+' above 99 (spec section 9)", () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [undefined, ''],
    [null, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s → %j', (count, text) => {
    expect(formatUnread(count)).toBe(text);
  });
});
