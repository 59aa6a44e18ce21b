/**
 * Autosave (designer local settings `autoSave`, `saveInterval` minutes): while it is on, the page is saved every
 * interval when it has unsaved changes, as the save button would (on the version this editor has, so another
 * engineer's save in between is asked about, never overwritten). Nothing is sent while a save is under way or the
 * "changed since you opened it" question is open.
 */
import { useEffect, useRef } from 'react';

interface AutoSave {
  enabled: boolean;
  minutes: number;
  /** Whether a save now would do anything (unsaved changes, no save under way, no question open). */
  due(): boolean;
  save(): void;
}

export function useAutoSave({ enabled, minutes, due, save }: AutoSave) {
  // The latest callbacks, read when the timer fires: re-arming the timer on every edit would never let it fire.
  const latest = useRef({ due, save });
  useEffect(() => {
    latest.current = { due, save };
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (latest.current.due()) latest.current.save();
    }, minutes * 60_000);
    return () => window.clearInterval(timer);
  }, [enabled, minutes]);
}
