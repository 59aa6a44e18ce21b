/**
 * The console's two layout breakpoints, in one place (issue 15: the monitor on phones and tablets), read through
 * the browser's media queries so a rotated phone or a resized window changes the layout at once:
 * - below {@link SHELL_COMPACT_BELOW} px (tablets upright, phones) the shell has no side menu and no top
 *   navigation: a menu button opens a drawer with the areas, the area's menu, the language and the user menu;
 * - below {@link CARDS_BELOW} px (phones) tables with many columns become lists of cards and dialogs take the
 *   screen's width.
 * The values are antd's `lg` and `md` breakpoints, so antd's own responsive parts (grids, descriptions) turn at the
 * same widths.
 */
import { useSyncExternalStore } from 'react';

export const SHELL_COMPACT_BELOW = 992;
export const CARDS_BELOW = 768;

/** The smallest touch target (px) on compact layouts: a finger's width, as the platforms' guidelines ask. */
export const TOUCH_TARGET = 44;

/** A full-width button row of the compact layouts (the drawer's language, account and logout): finger-high, its
 * icon and text from the start of the row. */
export const TOUCH_ROW = { height: TOUCH_TARGET, justifyContent: 'flex-start' } as const;

function query(below: number): string {
  // A fraction under the breakpoint, as antd writes its own queries, so exactly `below` px is the wider layout.
  return `(max-width: ${below - 0.02}px)`;
}

/**
 * The subscription and the reading of one media query, made once per query: stable functions, so a screen that
 * redraws every second (live values) does not unsubscribe and subscribe again on each redraw.
 */
interface MediaQuery {
  subscribe(changed: () => void): () => void;
  matches(): boolean;
}

const mediaQueries = new Map<string, MediaQuery>();

function mediaQuery(media: string): MediaQuery {
  let found = mediaQueries.get(media);
  if (!found) {
    found = {
      subscribe(changed) {
        const list = window.matchMedia(media);
        list.addEventListener('change', changed);
        return () => list.removeEventListener('change', changed);
      },
      matches: () => window.matchMedia(media).matches,
    };
    mediaQueries.set(media, found);
  }
  return found;
}

/** True while the browser matches `media` (a CSS media query); follows changes at once. */
function useMediaQuery(media: string): boolean {
  const { subscribe, matches } = mediaQuery(media);
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** True while the viewport is narrower than `below` px; follows resizes and rotations. */
export function useNarrowerThan(below: number): boolean {
  return useMediaQuery(query(below));
}

/**
 * True while the user's system asks for reduced motion (an accessibility setting: motion can make some people
 * unwell). The console's dialogs, drawers and pop-ups then open and close without animating, and the pages'
 * spinning and flowing widgets stand still (runtime/runtimeStyles.ts).
 */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');

/** The shell's compact layout: the menu button and drawer instead of the side menu and the top navigation. */
export const useCompactShell = () => useNarrowerThan(SHELL_COMPACT_BELOW);

/** Phones: tables of many columns as lists of cards, dialogs as wide as the screen. */
export const useCardLayout = () => useNarrowerThan(CARDS_BELOW);
