/**
 * What every renderer receives, and the painting helpers they share: a widget's body (fill, outline, dashes,
 * colour animations, blinking) and its text (font, colour, alignment).
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import type { Look } from '../animation';
import type { Widget } from '../document';
import type { RecordCalls } from '../recordCalls';
import type { LivePage, RuntimeSignal, RuntimeValue } from '../types';

/** Hooks the click runner calls while it works (a renderer shows the progress). */
export interface ClickHooks {
  /** True when the write has been sent, false once it has been answered. */
  writing(on: boolean): void;
}

/**
 * The page is shown live for this equipment: the renderers that ask the server for more than the pushed values
 * (the history and alarm tables) may do so. See {@link RenderEnv.live}.
 */
export interface LiveTarget {
  /**
   * The page's equipment: an equipment's page its one equipment, a project's page the project's (the alarm table
   * lists their alarm records).
   */
  equipmentIds: readonly number[];
  /** The page itself; absent where a page runs without one (tests of the drawing). */
  page?: LivePage;
  /** Where the widgets ask (the console's calls, or the share view's). */
  calls: RecordCalls;
}

/** What the whole page shares; stable while the catalogue and `now` are, so memoised widgets stay put. */
export interface RenderEnv {
  signals: ReadonlyMap<number, RuntimeSignal>;
  /** A project page's intermediate variables as signals are described (runtime/mvars.ts), by variable id. */
  mvars?: ReadonlyMap<number, RuntimeSignal>;
  /**
   * Set only where a page runs live (the monitor's viewer); null where it is drawn still: the designer's canvas,
   * a version's preview. The designer draws with these same renderers and has no live session, so a renderer
   * that would query the server (a table) draws only its frame and headings when this is null. Required, so
   * every place that builds an environment has to say which it is.
   */
  live: LiveTarget | null;
  /** The time a timer shows (tests, a still preview); undefined lets timers tick on their own. */
  now: number | undefined;
  /** Carries out a widget's click event (write, page, link); resolves when it is done or refused. */
  runClick(widget: Widget, hooks: ClickHooks): Promise<void>;
}

/** The state of a widget with a click event. */
export interface Interaction {
  clickable: boolean;
  /** A write is on its way. */
  busy: boolean;
  /** Clicking does nothing now (a write or a dialog is open, or the delay after a write has not passed). */
  disabled: boolean;
}

export interface WidgetRenderProps {
  widget: Widget;
  /** The live value of the widget's bound signal, if it has one. */
  value: RuntimeValue | undefined;
  /** The bound signal as the catalogue describes it. */
  signal: RuntimeSignal | undefined;
  /**
   * Every live value of the page (charts read the signals of `data.signalArray`). The widget re-renders only
   * when one of the signals it reads changed (WidgetNode), not with every value of the page.
   */
  values: Readonly<Record<string, RuntimeValue>>;
  look: Look;
  env: RenderEnv;
  interaction: Interaction;
  /** WidgetGroup: its children, already drawn. */
  childNodes: ReactNode;
}

/** The widget's box in canvas units, and its centre. */
export function boxOf(widget: Widget) {
  const { x, y, width, height } = widget.position;
  return { x, y, width, height, cx: x + width / 2, cy: y + height / 2 };
}

/** The SVG transform that turns a box by its `rotate` about its centre; none when it is not turned. The viewer's
 * widgets and the designer's frames, handles and selection use this one, so they turn alike. */
export function turnAbout(p: { x: number; y: number; width: number; height: number; rotate: number }): string | undefined {
  return p.rotate ? `rotate(${p.rotate} ${p.x + p.width / 2} ${p.y + p.height / 2})` : undefined;
}

/** A custom property for the blink colour (CSSProperties does not type custom properties). */
function blinkStyle(color: string): CSSProperties {
  return { ['--rt-blink' as string]: color } as CSSProperties;
}

export interface Paint {
  fill: string;
  stroke: string;
  strokeWidth: number | undefined;
  strokeDasharray: string | undefined;
  className: string | undefined;
  style: CSSProperties | undefined;
}

/**
 * Fill and outline of a widget's body. The colour animations override the widget's colours (and show even where
 * the widget's own fill or outline is off: the designer asked for the colour); a blinking fill or outline
 * alternates with the twinkle colour.
 */
export function bodyPaint(widget: Widget, look: Look, fallbackFill = 'none'): Paint {
  const { fill, stroke } = widget.style;
  const strokeOn = stroke.enable || look.stroke !== undefined;
  const blink = look.blink;
  const blinks = blink && (blink.kind === 'fill' || blink.kind === 'stroke');
  return {
    fill: look.fill ?? (fill.enable ? fill.color : fallbackFill),
    stroke: strokeOn ? (look.stroke ?? stroke.color) : 'none',
    strokeWidth: strokeOn ? stroke.width : undefined,
    strokeDasharray: strokeOn && stroke.dasharray.trim() ? stroke.dasharray : undefined,
    className: blinks ? `rt-blink-${blink.kind}` : undefined,
    style: blinks ? blinkStyle(blink.color) : undefined,
  };
}

/** Font, colour and blinking of a widget's text; `color` overrides the style's colour (e.g. greyed values). */
export function textPaint(widget: Widget, look: Look, color?: string) {
  const { font } = widget.style;
  const blink = look.blink?.kind === 'font' ? look.blink : null;
  return {
    fill: color ?? look.font ?? widget.style.color,
    fontSize: font.size,
    fontWeight: font.weight,
    fontFamily: font.family || undefined,
    className: blink ? 'rt-blink-fill' : undefined,
    style: blink ? blinkStyle(blink.color) : undefined,
  };
}

/** An id usable in url(#…) references, unique in the document. */
export function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
}

const ANCHOR = { left: 'start', center: 'middle', right: 'end' } as const;

/**
 * Text in the widget's box: aligned per style.align, centred vertically, one line per "\n". `children` (e.g. an
 * SVG <title>) go inside the <text>.
 */
export function BoxText({
  widget,
  look,
  text,
  color,
  align,
  testId,
  children,
}: {
  widget: Widget;
  look: Look;
  text: string;
  color?: string;
  align?: 'left' | 'center' | 'right';
  testId?: string;
  children?: ReactNode;
}) {
  const box = boxOf(widget);
  const paint = textPaint(widget, look, color);
  const side = align ?? widget.style.align;
  const x = side === 'left' ? box.x : side === 'right' ? box.x + box.width : box.cx;
  const lines = text.split('\n');
  const lineHeight = paint.fontSize * 1.25;
  const firstDy = -((lines.length - 1) * lineHeight) / 2;
  return (
    <text
      x={x}
      y={box.cy}
      textAnchor={ANCHOR[side]}
      dominantBaseline="central"
      fill={paint.fill}
      fontSize={paint.fontSize}
      fontWeight={paint.fontWeight}
      fontFamily={paint.fontFamily}
      className={paint.className}
      style={paint.style}
      data-testid={testId}
    >
      {children}
      {lines.length === 1
        ? text
        : lines.map((line, i) => (
            <tspan key={i} x={x} dy={i === 0 ? firstDy : lineHeight}>
              {line}
            </tspan>
          ))}
    </text>
  );
}

/** The body of text-like widgets: a background and outline, drawn only when the style asks for them. */
export function BoxBackground({ widget, look, radius }: { widget: Widget; look: Look; radius?: number }) {
  const paint = bodyPaint(widget, look);
  if (paint.fill === 'none' && paint.stroke === 'none' && !paint.className) return null;
  const box = boxOf(widget);
  const r = radius ?? widget.style.radius;
  return (
    <rect
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      rx={r || undefined}
      ry={r || undefined}
      {...paint}
    />
  );
}
