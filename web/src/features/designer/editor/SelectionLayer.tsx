/**
 * What the designer draws over the page: a frame around each selected widget, the eight resize handles of a single
 * unlocked selection, the marquee being dragged and the box of the widget being drawn. Sizes are divided by the
 * zoom so handles keep their size on screen.
 */
import type { Widget } from '@/runtime/document';
import { turnAbout } from '@/runtime/widgets/common';
import type { Handle } from '../model/resize';
import type { Designer, Point } from '../model/tools';

const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
const ACCENT = '#1677ff';
/** Snap guides: a colour no widget frame uses. */
const GUIDE = '#eb2f96';
/** Handle size on screen, px. */
const HANDLE_PX = 8;

function handleCentre(p: Widget['position'], handle: Handle): Point {
  const x = handle.includes('w') ? p.x : handle.includes('e') ? p.x + p.width : p.x + p.width / 2;
  const y = handle.includes('n') ? p.y : handle.includes('s') ? p.y + p.height : p.y + p.height / 2;
  return { x, y };
}

function boxOf(a: Point, b: Point) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

export function SelectionLayer({ designer, zoom }: { designer: Designer; zoom: number }) {
  const { editor, gesture } = designer;
  const chosen = editor.history.present.widgets.filter((w) => editor.selection.includes(w.id));
  const stroke = 1 / zoom;
  const size = HANDLE_PX / zoom;
  const single = chosen.length === 1 && !chosen[0]?.posLock ? chosen[0] : undefined;
  const band = gesture.kind === 'marquee' || gesture.kind === 'drawing' ? boxOf(gesture.from, gesture.to) : undefined;
  return (
    <g data-layer="selection">
      {chosen.map((w) => {
        const { x, y, width, height } = w.position;
        return (
          <rect
            key={w.id}
            data-testid={`selected-${w.id}`}
            x={x}
            y={y}
            width={width}
            height={height}
            fill="none"
            stroke={w.posLock ? '#faad14' : ACCENT}
            strokeWidth={stroke}
            strokeDasharray={w.posLock ? `${4 * stroke} ${2 * stroke}` : undefined}
            transform={turnAbout(w.position)}
            pointerEvents="none"
          />
        );
      })}
      {single && (
        <g
          data-handle-of={single.id}
          transform={turnAbout(single.position)}
        >
          {HANDLES.map((handle) => {
            const c = handleCentre(single.position, handle);
            return (
              <rect
                key={handle}
                data-handle={handle}
                data-testid={`handle-${handle}`}
                x={c.x - size / 2}
                y={c.y - size / 2}
                width={size}
                height={size}
                fill="#fff"
                stroke={ACCENT}
                strokeWidth={stroke}
                style={{ cursor: `${handle}-resize` }}
              />
            );
          })}
        </g>
      )}
      {gesture.kind === 'moving' &&
        gesture.guides?.map((guide, index) => (
          <line
            key={index}
            data-testid={`guide-${guide.axis}`}
            x1={guide.axis === 'x' ? guide.at : guide.from}
            x2={guide.axis === 'x' ? guide.at : guide.to}
            y1={guide.axis === 'x' ? guide.from : guide.at}
            y2={guide.axis === 'x' ? guide.to : guide.at}
            stroke={GUIDE}
            strokeWidth={stroke}
            pointerEvents="none"
          />
        ))}
      {band && (
        <rect
          data-testid={gesture.kind === 'marquee' ? 'marquee' : 'drawing-box'}
          {...band}
          fill={gesture.kind === 'marquee' ? 'rgba(22,119,255,0.08)' : 'none'}
          stroke={ACCENT}
          strokeWidth={stroke}
          strokeDasharray={`${4 * stroke} ${3 * stroke}`}
          pointerEvents="none"
        />
      )}
    </g>
  );
}
