import { useEffect, useState } from 'react';
import { trackActivity } from '@/entities/live/activity';

/** The clock, re-read every `intervalMs`, so staleness and "paused" states change on screen without new data. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** When the operator last moved the mouse or pressed a key (read at render; paired with useNow). */
export function useLastActivity(): () => number {
  const [tracker] = useState(() => trackActivity());
  useEffect(() => () => tracker.dispose(), [tracker]);
  return tracker.lastActivityAt;
}
