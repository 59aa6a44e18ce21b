/**
 * A viewport width for component tests: jsdom has no layout, so the console's media queries (lib/layout.ts) are
 * answered from this width. Returns the undo (tests call it in afterEach, or use vi.unstubAllGlobals()).
 */
import { vi } from 'vitest';

/** A media query's answer that never changes (jsdom has no media queries of its own). */
export function fixedMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
}

export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    // Only width queries follow the width; any other (reduced motion) is the default answer, false.
    if (!max && !min) return fixedMediaQuery(query, false);
    return fixedMediaQuery(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}
