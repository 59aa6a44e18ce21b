/**
 * The dashboard (an arc gauge) and the percent fill (bar, tank or doughnut). Both place the bound value between
 * dataAddon.minVal and maxVal; without a value they draw the empty scale and '—', never a made-up reading. The
 * percent fill writes the percentage, the value or nothing in its box (dataAddon.textType, widgetSettings.ts).
 */
import { comparableValue } from '../conditions';
import type { GaugeStep, Orientation } from '../document';
import { NO_VALUE, formatValue } from '../format';
import type { RuntimeValue } from '../types';
import { percentTextTypeOf, type PercentTextType } from '../widgetSettings';
import { boxOf, useSvgId, type WidgetRenderProps } from './common';
import { GREYED } from './texts';

const TRACK = '#E8E8E8';
const FRAME = '#BFBFBF';
const DEFAULT_COLOUR = '#1677FF';

/** Where `value` lies between min and max, 0 to 1; null without a value or with an empty range. */
export function fractionOf(value: RuntimeValue | undefined, min: number, max: number): number | null {
  const v = comparableValue(value);
  if (v === null || !(max > min)) return null;
  return Math.min(1, Math.max(0, (v - min) / (max - min)));
}

/** The colour of the stage `v` falls in: the first step whose value is at least v, else the last step's. */
export function stageColour(steps: readonly GaugeStep[], v: number, fallback: string): string {
  if (steps.length === 0) return fallback;
  return (steps.find((step) => v <= step.value) ?? steps[steps.length - 1])?.color ?? fallback;
}

const START = 135;
const SWEEP = 270;

function polar(cx: number, cy: number, r: number, degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

/** An arc clockwise from `from` to `to` degrees (0 = right, 90 = down). */
export function arcPath(cx: number, cy: number, r: number, from: number, to: number): string {
  if (!(to > from)) return '';
  const [x1, y1] = polar(cx, cy, r, from);
  const [x2, y2] = polar(cx, cy, r, Math.min(to, from + 359.99));
  const fmt = (n: number) => Math.round(n * 100) / 100;
  return `M ${fmt(x1)} ${fmt(y1)} A ${fmt(r)} ${fmt(r)} 0 ${to - from > 180 ? 1 : 0} 1 ${fmt(x2)} ${fmt(y2)}`;
}

function greyedOf(value: RuntimeValue | undefined): boolean {
  return !!value && (value.stale || !value.good);
}

export function UsualDashboard({ widget, value, signal, look }: WidgetRenderProps) {
  const b = boxOf(widget);
  const { minVal, maxVal, steps, type } = widget.data.dataAddon;
  const multistage = type === 'multistage';
  const fraction = fractionOf(value, minVal, maxVal);
  // The arc's ends sit at 45° below the centre line: centre the whole figure, not the circle.
  const R = Math.max(1, Math.min(b.width / 2, b.height / (1 + Math.SQRT1_2)) * 0.86);
  const cx = b.cx;
  const cy = b.y + b.height / 2 + (R * (1 - Math.SQRT1_2)) / 2;
  const track = R * 0.14;
  const v = comparableValue(value);
  const colour =
    look.fill ?? (multistage && v !== null ? stageColour(steps, v, DEFAULT_COLOUR) : widget.style.fill.color || DEFAULT_COLOUR);
  const angle = START + SWEEP * (fraction ?? 0);
  const span = maxVal - minVal;
  const stages: Array<{ from: number; to: number; color: string }> = [];
  if (multistage && span > 0) {
    let prev = minVal;
    for (const step of steps) {
      const to = Math.min(maxVal, step.value);
      if (to > prev) stages.push({ from: prev, to, color: step.color });
      prev = Math.max(prev, to);
    }
  }
  const at = (n: number) => START + (SWEEP * (n - minVal)) / span;
  const [nx, ny] = polar(cx, cy, R * 0.62, angle);
  const [minX, minY] = polar(cx, cy, R, START);
  const [maxX, maxY] = polar(cx, cy, R, START + SWEEP);
  const text = formatValue(value, signal);
  const textColour = greyedOf(value) ? GREYED : (look.font ?? widget.style.color);
  const small = Math.max(8, R * 0.14);
  return (
    <g data-fraction={fraction ?? ''}>
      <path d={arcPath(cx, cy, R, START, START + SWEEP)} fill="none" stroke={TRACK} strokeWidth={track} strokeLinecap="round" />
      {stages.map((stage, i) => (
        <path
          key={i}
          d={arcPath(cx, cy, R + track * 0.85, at(stage.from), at(stage.to))}
          fill="none"
          stroke={stage.color}
          strokeWidth={track * 0.35}
        />
      ))}
      {fraction !== null && fraction > 0 && (
        <path
          d={arcPath(cx, cy, R, START, angle)}
          fill="none"
          stroke={colour}
          strokeWidth={track}
          strokeLinecap="round"
          data-testid={`gauge-arc-${widget.id}`}
        />
      )}
      {fraction !== null && (
        <>
          <line x1={cx} y1={cy} x2={nx} y2={ny} stroke={textColour} strokeWidth={Math.max(1, R * 0.03)} strokeLinecap="round" />
          <circle cx={cx} cy={cy} r={Math.max(2, R * 0.05)} fill={textColour} />
        </>
      )}
      <text x={cx} y={cy + R * 0.42} textAnchor="middle" dominantBaseline="central" fontSize={Math.max(10, R * 0.26)} fontWeight={600} fill={textColour} data-testid={`gauge-value-${widget.id}`}>
        {text}
      </text>
      <text x={minX} y={minY + small} textAnchor="middle" dominantBaseline="central" fontSize={small} fill={FRAME}>
        {minVal}
      </text>
      <text x={maxX} y={maxY + small} textAnchor="middle" dominantBaseline="central" fontSize={small} fill={FRAME}>
        {maxVal}
      </text>
    </g>
  );
}

/** The filled part of a box for `fraction`, growing from the side `orientation` names (bt: from the bottom up). */
export function fillRect(
  box: { x: number; y: number; width: number; height: number },
  fraction: number,
  orientation: Orientation,
): { x: number; y: number; width: number; height: number } {
  const { x, y, width: w, height: h } = box;
  switch (orientation) {
    case 'tb':
      return { x, y, width: w, height: h * fraction };
    case 'lr':
      return { x, y, width: w * fraction, height: h };
    case 'rl':
      return { x: x + w * (1 - fraction), y, width: w * fraction, height: h };
    default:
      return { x, y: y + h * (1 - fraction), width: w, height: h * fraction };
  }
}

/** The words in the percent fill's box: the percentage, the value with its decimals and unit (as the dashboard
 * shows it), or none. */
export function percentText(
  textType: PercentTextType,
  fraction: number | null,
  value: RuntimeValue | undefined,
  signal: WidgetRenderProps['signal'],
): string {
  if (textType === 'none') return '';
  if (textType === 'value') return formatValue(value, signal);
  return fraction === null ? NO_VALUE : `${Math.round(fraction * 100)}%`;
}

export function UsualPercentFill({ widget, value, signal, look }: WidgetRenderProps) {
  const clipId = useSvgId('rt-tank');
  const b = boxOf(widget);
  const { minVal, maxVal, orientation, type } = widget.data.dataAddon;
  const fraction = fractionOf(value, minVal, maxVal);
  const colour = look.fill ?? (widget.style.fill.color || DEFAULT_COLOUR);
  const frame = look.stroke ?? (widget.style.stroke.enable ? widget.style.stroke.color : FRAME);
  const frameWidth = widget.style.stroke.enable ? widget.style.stroke.width : 1;
  const textType = percentTextTypeOf(widget.data.dataAddon);
  const text = percentText(textType, fraction, value, signal);
  const textColour = greyedOf(value) ? GREYED : (look.font ?? widget.style.color);
  const label = textType === 'none' ? null : (
    <text
      x={b.cx}
      y={b.cy}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={widget.style.font.size}
      fontWeight={widget.style.font.weight}
      fill={textColour}
      data-testid={`percent-${widget.id}`}
    >
      {text}
    </text>
  );

  if (type === 'doughnutChart') {
    const outer = Math.min(b.width, b.height) / 2;
    const thickness = outer * 0.24;
    const r = Math.max(1, outer - thickness / 2 - frameWidth);
    const circumference = 2 * Math.PI * r;
    return (
      <g data-fraction={fraction ?? ''} data-chart="doughnut">
        <circle cx={b.cx} cy={b.cy} r={r} fill="none" stroke={TRACK} strokeWidth={thickness} />
        {fraction !== null && fraction > 0 && (
          <circle
            cx={b.cx}
            cy={b.cy}
            r={r}
            fill="none"
            stroke={colour}
            strokeWidth={thickness}
            strokeDasharray={`${circumference * fraction} ${circumference}`}
            transform={`rotate(-90 ${b.cx} ${b.cy})`}
          />
        )}
        {label}
      </g>
    );
  }

  const tank = type === 'capacityChart';
  const radius = tank ? Math.min(b.width, b.height) * 0.18 : 0;
  const filled = fraction === null ? null : fillRect(b, fraction, orientation);
  const vertical = orientation === 'bt' || orientation === 'tb';
  return (
    <g data-fraction={fraction ?? ''} data-chart={tank ? 'capacity' : 'rectangle'}>
      <defs>
        <clipPath id={clipId}>
          <rect x={b.x} y={b.y} width={b.width} height={b.height} rx={radius} ry={radius} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect x={b.x} y={b.y} width={b.width} height={b.height} fill="#F5F5F5" />
        {filled && filled.width > 0 && filled.height > 0 && <rect {...filled} fill={colour} data-testid={`percent-bar-${widget.id}`} />}
        {tank &&
          [0.25, 0.5, 0.75].map((tick) => {
            const at = fillRect(b, tick, orientation);
            return vertical ? (
              <line key={tick} x1={b.x + b.width - Math.min(12, b.width * 0.2)} x2={b.x + b.width} y1={at.y + (orientation === 'tb' ? at.height : 0)} y2={at.y + (orientation === 'tb' ? at.height : 0)} stroke={FRAME} />
            ) : (
              <line key={tick} y1={b.y + b.height - Math.min(12, b.height * 0.2)} y2={b.y + b.height} x1={at.x + (orientation === 'lr' ? at.width : 0)} x2={at.x + (orientation === 'lr' ? at.width : 0)} stroke={FRAME} />
            );
          })}
      </g>
      <rect x={b.x} y={b.y} width={b.width} height={b.height} rx={radius} ry={radius} fill="none" stroke={frame} strokeWidth={tank ? Math.max(2, frameWidth) : frameWidth} />
      {label}
    </g>
  );
}
