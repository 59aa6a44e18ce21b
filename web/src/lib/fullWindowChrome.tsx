/**
 * What the console puts in a full-window screen's own header (the page designer, the project page preview): the
 * app gives it (app/shell/FullWindowChrome.tsx, the message bell and sound toggle), the screens place it. The slot
 * lets a feature show another area's control without importing that feature (web/README.md, "Layout"); outside the
 * app (a screen's own tests) it is empty.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface FullWindowChrome {
  /** The header's message bell, with its sound toggle. */
  bell: ReactNode;
}

const Chrome = createContext<FullWindowChrome>({ bell: null });

export const FullWindowChromeProvider = Chrome.Provider;

export function useFullWindowChrome(): FullWindowChrome {
  return useContext(Chrome);
}
