/**
 * Pinch zoom and pan for a drawn page on a touch screen (lib/zoomPan.ts does the arithmetic). Two fingers zoom
 * around their middle; one finger pans a zoomed page; a double tap, or the reset button, returns to the fitted page.
 * At the fitted scale the browser keeps its own scrolling (touch-action pan-x pan-y), so a page fitted to the width
 * still scrolls down; zoomed, the gestures are ours. A tap stays a tap (a widget's click event runs); a finger that
 * travelled is a pan, and the click it would end in is swallowed. The buttons below the page serve a mouse and a
 * screen reader too.
 *
 * `enabled` off (the wide layout) draws the children as they are, through the same wrappers made invisible to
 * layout (`display: contents`): the tree keeps its shape, so a rotated tablet or a resized window that crosses the
 * compact breakpoint does not remount the page, and what is open on it (a write's confirmation) stays open.
 */
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FITTED, MAX_SCALE, ZOOM_STEP, pan, pinch, zoomAt, type Point, type View } from '@/lib/zoomPan';
import { TOUCH_TARGET } from '@/lib/layout';

/** Farther than this a finger is panning, not tapping (CSS pixels). */
const TAP_SLOP = 8;
/** Two taps within this are a double tap (ms). */
const DOUBLE_TAP_MS = 300;

type Gesture =
  | { kind: 'pan'; start: View; from: Point; travelled: boolean }
  | { kind: 'pinch'; start: View; from: [Point, Point] }
  | null;

const CONTENTS = { display: 'contents' } as const;

export function ZoomPan({ children, testId = 'zoom-pan', enabled = true }: { children: ReactNode; testId?: string; enabled?: boolean }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [zoomView, setView] = useState<View>(FITTED);
  // Off, the page is drawn as it is; back on, it starts fitted.
  const view = enabled ? zoomView : FITTED;
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>(null);
  const swallowClick = useRef(false);
  const lastTap = useRef(0);

  const size = () => ({ width: frame.current?.clientWidth ?? 0, height: frame.current?.clientHeight ?? 0 });
  const local = (event: PointerEvent): Point => {
    const box = frame.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };
  const twoFingers = (): [Point, Point] | null => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? [a, b] : null;
  };

  const down = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    pointers.current.set(event.pointerId, local(event));
    const both = twoFingers();
    if (both) gesture.current = { kind: 'pinch', start: view, from: both };
    else gesture.current = { kind: 'pan', start: view, from: local(event), travelled: false };
  };

  const move = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    const at = local(event);
    pointers.current.set(event.pointerId, at);
    const g = gesture.current;
    if (g?.kind === 'pinch') {
      const both = twoFingers();
      if (both) setView(pinch(g.start, g.from, both, size()));
    } else if (g?.kind === 'pan') {
      const dx = at.x - g.from.x;
      const dy = at.y - g.from.y;
      if (Math.hypot(dx, dy) > TAP_SLOP) g.travelled = true;
      if (g.travelled && g.start.scale > 1) setView(pan(g.start, dx, dy, size()));
    }
  };

  const up = (event: PointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const g = gesture.current;
    if (g?.kind === 'pinch' || (g?.kind === 'pan' && g.travelled)) swallowClick.current = true;
    if (g?.kind === 'pan' && !g.travelled && event.type === 'pointerup') {
      const now = event.timeStamp;
      if (now - lastTap.current < DOUBLE_TAP_MS && view.scale > 1) {
        setView(FITTED);
        swallowClick.current = true;
      }
      lastTap.current = now;
    }
    // A finger left of a pinch carries on as a pan from where it is.
    const [rest] = [...pointers.current.values()];
    gesture.current = rest ? { kind: 'pan', start: view, from: rest, travelled: true } : null;
  };

  const zoomBy = (factor: number) => {
    const { width, height } = size();
    setView(zoomAt(view, factor, { x: width / 2, y: height / 2 }, { width, height }));
  };

  const zoomed = view.scale > 1;
  if (!enabled && zoomView !== FITTED) setView(FITTED);
  return (
    <Flex vertical gap={6} style={enabled ? { height: '100%' } : CONTENTS}>
      <div
        ref={frame}
        data-testid={enabled ? testId : undefined}
        data-scale={view.scale.toFixed(2)}
        style={
          enabled
            ? { position: 'relative', overflow: 'hidden', flex: 1, minHeight: 0, touchAction: zoomed ? 'none' : 'pan-x pan-y' }
            : CONTENTS
        }
        // A new touch starts afresh: a pinch ends without a click, so a swallow left from it must not eat the next
        // press's.
        onPointerDownCapture={() => {
          if (pointers.current.size === 0) swallowClick.current = false;
        }}
        onPointerDown={enabled ? down : undefined}
        onPointerMove={enabled ? move : undefined}
        onPointerUp={enabled ? up : undefined}
        onPointerCancel={enabled ? up : undefined}
        onClickCapture={(event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.stopPropagation();
          event.preventDefault();
        }}
      >
        <div
          style={
            enabled
              ? { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: '0 0', height: '100%' }
              : CONTENTS
          }
        >
          {children}
        </div>
      </div>
      {/* Below the page, not over it: a short page keeps every value visible. */}
      {enabled && (
      <Flex gap={8} justify="flex-end" align="center">
        {zoomed && (
          <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="zoom-level">
            {Math.round(view.scale * 100)}%
          </Typography.Text>
        )}
        {[
          { key: 'in', icon: <ZoomInOutlined />, label: t('livePage.zoom.in'), onClick: () => zoomBy(ZOOM_STEP), disabled: view.scale >= MAX_SCALE },
          { key: 'out', icon: <ZoomOutOutlined />, label: t('livePage.zoom.out'), onClick: () => zoomBy(1 / ZOOM_STEP), disabled: !zoomed },
          { key: 'reset', icon: <CompressOutlined />, label: t('livePage.zoom.reset'), onClick: () => setView(FITTED), disabled: !zoomed },
        ].map((b) => (
          <Tooltip key={b.key} title={b.label}>
            <Button
              shape="circle"
              icon={b.icon}
              aria-label={b.label}
              data-testid={`zoom-${b.key}`}
              disabled={b.disabled}
              onClick={b.onClick}
              style={{ width: TOUCH_TARGET, height: TOUCH_TARGET }}
            />
          </Tooltip>
        ))}
      </Flex>
      )}
    </Flex>
  );
}
