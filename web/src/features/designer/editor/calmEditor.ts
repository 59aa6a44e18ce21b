/**
 * What keeps a drag on a page of a thousand widgets at the display's frame rate (issue 13's figures): during a
 * pointer gesture only the canvas follows the pointer. The panels (toolbar, palette, layers, properties, context
 * menu) are drawn from the editor as it was when the gesture began and catch up once when it ends; they are
 * memoised, so a frame of the drag does not draw them again. Nothing can be clicked or typed in them meanwhile
 * (the canvas holds the pointer), and keys act on the latest state through the designer's updater, never through a
 * panel's copy.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { EditorState } from '../model/actions';
import type { Designer } from '../model/tools';

/** Gestures during which the panels hold still. A press (not yet a drag) and panning change nothing they show. */
const HOLDING: ReadonlySet<Designer['gesture']['kind']> = new Set(['moving', 'resizing', 'marquee', 'drawing']);

/** The editor the panels show: the latest one, or during a gesture the one from before it. */
export function useCalmEditor(designer: Designer): EditorState {
  const held = useRef(designer.editor);
  const holding = HOLDING.has(designer.gesture.kind);
  useLayoutEffect(() => {
    if (!holding) held.current = designer.editor;
  });
  return holding ? held.current : designer.editor;
}

/** A function that stays the same across renders and calls the latest `fn`: a handler for memoised panels. */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
