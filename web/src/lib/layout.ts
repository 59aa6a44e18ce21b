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
 * The subscription and the reading of one breakpoint, made once per breakpoint: stable functions, so a screen that
 * redraws every second (live values) does not unsubscribe and subscribe again on each redraw.
 */
interface Breakpoint {
  subscribe(changed: () => void): () => void;
  matches(): boolean;
}

const breakpoints = new Map<number, Breakpoint>();

function breakpoint(below: number): Breakpoint {
  let found = breakpoints.get(below);
  if (!found) {
    const media = query(below);
    found = {
      subscribe(changed) {
        const list = window.matchMedia(media);
        list.addEventListener('change', changed);
        return () => list.removeEventListener('change', changed);
      },
      matches: () => window.matchMedia(media).matches,
    };
    breakpoints.set(below, found);
  }
  return found;
}

/** True while the viewport is narrower than `below` px; follows resizes and rotations. */
export function useNarrowerThan(below: number): boolean {
  const { subscribe, matches } = breakpoint(below);
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** The shell's compact layout: the menu button and drawer instead of the side menu and the top navigation. */
export const useCompactShell = () => useNarrowerThan(SHELL_COMPACT_BELOW);

/** Phones: tables of many columns as lists of cards, dialogs as wide as the screen. */
export const useCardLayout = () => useNarrowerThan(CARDS_BELOW);
