/**
 * Where the message notifier (MessageNotifier.tsx: the message socket, pop-ups, the window title, the alarm sound)
 * runs: every screen that shows the bell mounts one host, the shell and the full-window screens with a bell of
 * their own (the page designer, the project page preview), so a message reaches an engineer who is drawing as it
 * reaches one in the shell (spec section 4: the message socket is open while logged in).
 *
 * However many hosts are mounted, one notifier runs (one socket, one pop-up per message): the first host mounted
 * holds the lease, and when it goes the next one takes it over. The notifier is its own chunk (antd's
 * notifications, the sound queue): the first screen does not wait for it.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

const MessageNotifier = lazy(() => import('./MessageNotifier').then((m) => ({ default: m.MessageNotifier })));

/** The mounted hosts, oldest first: the first one runs the notifier. */
const hosts: symbol[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this host is the one that runs the notifier (exported for tests). */
export function useNotifierLease(): boolean {
  const [self] = useState(() => Symbol('message-notifier-host'));
  useEffect(() => {
    hosts.push(self);
    changed();
    return () => {
      const index = hosts.indexOf(self);
      if (index >= 0) hosts.splice(index, 1);
      changed();
    };
  }, [self]);
  return useSyncExternalStore(subscribe, () => hosts[0] === self);
}

export function MessageNotifierHost() {
  const leased = useNotifierLease();
  return leased ? (
    <Suspense fallback={null}>
      <MessageNotifier />
    </Suspense>
  ) : null;
}
