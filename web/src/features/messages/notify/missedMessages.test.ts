import { describe, expect, it } from 'vitest';
import { MissedMessages } from './missedMessages';

const ids = (list: { id: number }[]) => list.map((m) => m.id);
const unread = (...list: number[]) => list.map((id) => ({ id }));

describe('messages missed while the socket was closed', () => {
  it('announces nothing on the first open: what was unread before is the bell’s', () => {
    const missed = new MissedMessages();
    expect(missed.opened(unread(7, 5, 2))).toEqual([]);
  });

  it('after a reconnect announces the unread messages newer than any known, oldest first', () => {
    const missed = new MissedMessages();
    missed.opened(unread(7, 5));
    expect(missed.pushed({ id: 8 })).toBe(true);
    expect(ids(missed.opened(unread(11, 10, 8, 7, 5)))).toEqual([10, 11]);
    // Nothing new since: nothing announced twice.
    expect(missed.opened(unread(11, 10, 8, 7, 5))).toEqual([]);
  });

  it('announces a message once whether it is pushed or read back first', () => {
    const missed = new MissedMessages();
    missed.opened([]);
    expect(ids(missed.opened(unread(3)))).toEqual([3]);
    expect(missed.pushed({ id: 3 })).toBe(false);
    expect(missed.pushed({ id: 4 })).toBe(true);
    expect(missed.opened(unread(4, 3))).toEqual([]);
  });

  it('a message pushed before the first read back is announced, the older unread ones are not', () => {
    const missed = new MissedMessages();
    expect(missed.pushed({ id: 9 })).toBe(true);
    expect(missed.opened(unread(9, 4))).toEqual([]);
    expect(ids(missed.opened(unread(12, 9, 4)))).toEqual([12]);
  });

  it('does not announce a message read meanwhile elsewhere (it is no longer unread)', () => {
    const missed = new MissedMessages();
    missed.opened(unread(1));
    expect(ids(missed.opened(unread(3, 1)))).toEqual([3]);
  });
});
