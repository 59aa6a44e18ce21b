/**
 * How the engineer looks at the canvas: the zoom (25 % to 200 %; Ctrl + wheel on the stage, the slider, "fit"
 * and "100 %") and panning with the space bar held (the pan tool while it is down, the stage scrolled by the
 * drag). The page itself is never changed by any of this.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Designer, Tool } from '../model/tools';
import { typingIn } from './typing';

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 2;
const WHEEL_STEP = 0.1;
/** Room the stage keeps around the canvas when fitting, px. */
const STAGE_PADDING = 48;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));

/** The zoom that shows the whole canvas in a stage of the given size. */
export function fittingZoom(stage: { width: number; height: number }, canvas: { width: number; height: number }): number {
  const zoom = Math.min((stage.width - STAGE_PADDING) / canvas.width, (stage.height - STAGE_PADDING) / canvas.height);
  return clampZoom(Math.floor(zoom * 20) / 20);
}


export function useStageView(update: (change: (d: Designer) => Designer) => void, canvas: { width: number; height: number }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoomRaw] = useState(1);
  const setZoom = useCallback((next: number) => setZoomRaw(clampZoom(next)), []);

  // Ctrl + wheel zooms (a listener of our own: React's wheel listener is passive and cannot keep the page still).
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoomRaw((z) => clampZoom(z + (event.deltaY < 0 ? WHEEL_STEP : -WHEEL_STEP)));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, []);

  // Space held: the pan tool, and back to the tool before when it is let go.
  useEffect(() => {
    let before: Tool | null = null;
    const down = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || typingIn(event.target)) return;
      event.preventDefault();
      update((d) => {
        if (d.tool.kind === 'pan') return d;
        before = d.tool;
        return { ...d, tool: { kind: 'pan' }, gesture: { kind: 'idle' } };
      });
    };
    const up = (event: KeyboardEvent) => {
      if (event.key !== ' ' || before === null) return;
      const restore = before;
      before = null;
      update((d) => ({ ...d, tool: restore, gesture: { kind: 'idle' } }));
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [update]);

  const fit = useCallback(() => {
    const stage = stageRef.current;
    if (stage) setZoomRaw(fittingZoom({ width: stage.clientWidth, height: stage.clientHeight }, canvas));
  }, [canvas]);

  return { stageRef, zoom, setZoom, fit };
}

/** Scrolls the stage holding `element` by a drag's movement (the pan tool). */
export function panStage(element: Element | null, dx: number, dy: number) {
  const stage = element?.closest('[data-testid="designer-stage"]');
  if (stage) stage.scrollBy(-dx, -dy);
}
