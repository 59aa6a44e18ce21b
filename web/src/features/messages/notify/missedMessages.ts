/**
 * Messages written while the message socket was not open are not pushed to this browser: the socket reconnects
 * 10 s after it closes (spec section 4), and a server restart or a network drop can last longer. An operator must
 * still be told of an alarm raised in that gap, so each time the socket opens again the newest unread messages are
 * read and those newer than any this browser already knew of are announced as if pushed.
 *
 * The first open only sets the mark: what was unread before this page was loaded is the bell's, not a pop-up's.
 * Each message is announced at most once, whether it came pushed, caught up, or both.
 */
import type { Message } from '@/generated/answers';

/** How many unread messages are read back after a reconnect: the pop-ups show at most 3 at once anyway. */
export const CATCH_UP_COUNT = 10;

/** Announced ids kept to tell a pushed message from the same one read back: far more than one open brings. */
const REMEMBERED = 100;

export class MissedMessages {
  /** The newest message id this browser knows of. */
  private mark = 0;
  private hasOpened = false;
  /** Ids announced lately (a message can be both pushed and read back around an open); bounded. */
  private readonly announced = new Set<number>();

  /** A pushed message: whether to announce it (false when caught up already). */
  pushed(message: Pick<Message, 'id'>): boolean {
    this.raise(message.id);
    if (this.announced.has(message.id)) return false;
    this.remember(message.id);
    return true;
  }

  /**
   * The socket opened and `unread` (newest first, as msg/query answers) was read after it: the messages to announce,
   * oldest first. None on the first open.
   */
  opened<M extends Pick<Message, 'id'>>(unread: readonly M[]): M[] {
    const mark = this.mark;
    const first = !this.hasOpened;
    this.hasOpened = true;
    for (const m of unread) this.raise(m.id);
    if (first) return [];
    const missed = unread.filter((m) => m.id > mark && !this.announced.has(m.id)).sort((a, b) => a.id - b.id);
    for (const m of missed) this.remember(m.id);
    return missed;
  }

  private raise(id: number) {
    this.mark = Math.max(this.mark, id);
  }

  private remember(id: number) {
    this.announced.add(id);
    // Sets iterate in insertion order: the oldest announcements go first.
    for (const old of this.announced) {
      if (this.announced.size <= REMEMBERED) break;
      this.announced.delete(old);
    }
  }
}
