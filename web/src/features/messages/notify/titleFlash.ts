/**
 * The window title's animation when a message arrives (spec section 4: steps every 200 ms for 10 s), so an
 * operator whose console sits in a background tab sees the tab move. The text scrolls through the title one
 * character a step; afterwards the title is what the screen set, even if it changed meanwhile.
 */

/** Spec section 4: one step every 200 ms, for 10 s. */
export const TITLE_STEP_MS = 200;
export const TITLE_FLASH_MS = 10_000;

/** The title at step `step`: `text` rotated left by `step` characters (code points, so Chinese stays whole). */
export function titleFrame(text: string, step: number): string {
  const chars = Array.from(`${text}　`);
  const at = ((step % chars.length) + chars.length) % chars.length;
  return [...chars.slice(at), ...chars.slice(0, at)].join('');
}

export interface TitleTarget {
  title: string;
}

/**
 * Scrolls `text` through `target.title` (the document) and restores the title after {@link TITLE_FLASH_MS}.
 * Answers a stop function; a new flash should stop the previous one first.
 */
export function flashTitle(text: string, target: TitleTarget = document): () => void {
  let restore = target.title;
  let last = '';
  let step = 0;
  const show = () => {
    // A screen that set its own title meanwhile (navigation) is what comes back afterwards.
    if (target.title !== last) restore = target.title;
    last = titleFrame(text, step++);
    target.title = last;
  };
  show();
  const timer = setInterval(show, TITLE_STEP_MS);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    clearTimeout(end);
    if (target.title === last) target.title = restore;
  };
  const end = setTimeout(stop, TITLE_FLASH_MS);
  return stop;
}
