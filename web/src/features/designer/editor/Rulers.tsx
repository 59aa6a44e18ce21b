/**
 * The rulers along the top and the left of the canvas, in canvas units at the zoom shown (model/ruler.ts). They
 * stick to the stage's edges while it scrolls, so a position can be read wherever the engineer is looking.
 */
import type { ReactNode } from 'react';
import { rulerMarks } from '../model/ruler';

/** Thickness of a ruler, in screen pixels. */
export const RULER_SIZE = 20;
const BACKGROUND = '#f7f8fa';
const INK = '#8c8c8c';

function Ruler({ length, zoom, vertical }: { length: number; zoom: number; vertical: boolean }) {
  const size = length * zoom;
  const marks = rulerMarks(length, zoom);
  return (
    <svg
      width={vertical ? RULER_SIZE : size}
      height={vertical ? size : RULER_SIZE}
      data-testid={vertical ? 'ruler-left' : 'ruler-top'}
      style={{ display: 'block', background: BACKGROUND }}
      aria-hidden
    >
      {marks.map(({ at, major }) => {
        const p = Math.round(at * zoom) + 0.5;
        const tick = major ? RULER_SIZE * 0.6 : RULER_SIZE * 0.25;
        return (
          <g key={at}>
            {vertical ? (
              <line x1={RULER_SIZE - tick} x2={RULER_SIZE} y1={p} y2={p} stroke={INK} />
            ) : (
              <line x1={p} x2={p} y1={RULER_SIZE - tick} y2={RULER_SIZE} stroke={INK} />
            )}
            {major && (
              <text
                x={vertical ? 2 : p + 2}
                y={vertical ? p + 2 : 9}
                fontSize={9}
                fill={INK}
                dominantBaseline="hanging"
                transform={vertical ? `rotate(-90 2 ${p + 2})` : undefined}
                textAnchor={vertical ? 'end' : 'start'}
              >
                {at}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The canvas with a ruler above and one on its left when `shown`. */
export function WithRulers({ shown, width, height, zoom, children }: { shown: boolean; width: number; height: number; zoom: number; children: ReactNode }) {
  if (!shown) return <div style={{ display: 'inline-block' }}>{children}</div>;
  return (
    <div style={{ display: 'inline-grid', gridTemplateColumns: `${RULER_SIZE}px auto`, gridTemplateRows: `${RULER_SIZE}px auto` }}>
      <div style={{ position: 'sticky', top: 0, left: 0, zIndex: 2, background: BACKGROUND }} />
      <div style={{ position: 'sticky', top: 0, zIndex: 1 }}>
        <Ruler length={width} zoom={zoom} vertical={false} />
      </div>
      <div style={{ position: 'sticky', left: 0, zIndex: 1 }}>
        <Ruler length={height} zoom={zoom} vertical />
      </div>
      {children}
    </div>
  );
}
