/**
 * The drop-down select (UsualSelect): a select box drawn in the widget's box with the widget's font, colours and
 * border, its items read by runtime/select.ts. Live (env.live set), it is the browser's own <select> in a
 * foreignObject (keyboard, screen readers and the native list for free), and choosing an item runs that item's
 * click event through env.runClick exactly as a button runs its own: the same write rules, question, delay after a
 * write and feedback. Items marked `pressDisabled` are listed greyed and cannot be chosen. While a write is on its
 * way, and for the item's delay after it, the select is disabled.
 *
 * In the designer and a version's preview (env.live null) it draws the closed box with the current (else the
 * first) item's text and does nothing: the designer's frame layer takes the pointer anyway.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentItem, isBoundSelect, itemClickWidget, selectItemsOf, selectedIdsOf } from '../select';
import { bodyPaint, boxOf, textPaint, type RenderEnv, type WidgetRenderProps } from './common';

/** The running state of a chosen item's click: busy (a dialog or a write), then the delay after a write. */
function useItemRunner(env: RenderEnv) {
  const [running, setRunning] = useState(false);
  const [writing, setWriting] = useState(false);
  const [cooling, setCooling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = (widget: WidgetRenderProps['widget']) => {
    const { delay } = widget.clickEvent.config;
    setRunning(true);
    void env
      .runClick(widget, {
        writing(on: boolean) {
          setWriting(on);
          if (on && delay.enable && delay.value > 0) {
            clearTimeout(timer.current);
            setCooling(true);
            timer.current = setTimeout(() => setCooling(false), delay.value);
          }
        },
      })
      .catch(() => undefined)
      .finally(() => {
        setRunning(false);
        setWriting(false);
      });
  };
  return { run, writing, disabled: running || cooling };
}

/** The chevron at the box's right end, in the text colour. */
function Chevron({ x, cy, size, colour }: { x: number; cy: number; size: number; colour: string }) {
  const w = size * 0.6;
  return (
    <path
      d={`M ${x - w} ${cy - w / 3} L ${x - w / 2} ${cy + w / 3} L ${x} ${cy - w / 3}`}
      fill="none"
      stroke={colour}
      strokeWidth={Math.max(1, size / 9)}
      strokeLinecap="round"
      strokeLinejoin="round"
      pointerEvents="none"
    />
  );
}

export function UsualSelect({ widget, value, look, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const items = useMemo(() => selectItemsOf(widget.data), [widget.data]);
  const selected = useMemo(() => selectedIdsOf(widget.data), [widget.data]);
  const [lastChoice, setLastChoice] = useState<number | null>(null);
  // The transparent select cannot show its own focus ring: the drawing shows it.
  const [focused, setFocused] = useState(false);
  const runner = useItemRunner(env);
  const bound = isBoundSelect(widget);
  const chosen = currentItem(items, { bound, value, lastChoice, selected });
  const live = env.live !== null;
  // The designer shows the first item when nothing is chosen, so the engineer sees the widget's look.
  const shown = chosen >= 0 ? chosen : live ? -1 : items.length > 0 ? 0 : -1;

  const b = boxOf(widget);
  const paint = bodyPaint(widget, look, '#FFFFFF');
  const font = textPaint(widget, look);
  const radius = Math.min(widget.style.radius || 4, b.height / 2);
  const pad = Math.min(font.fontSize * 0.6, b.width / 6);
  const chevron = Math.min(font.fontSize, b.height * 0.8);
  const label = runner.writing ? t('runtime.write.writing') : shown >= 0 ? items[shown]?.text ?? '' : items.length === 0 ? t('runtime.select.empty') : t('runtime.select.placeholder');
  const muted = !runner.writing && shown < 0;
  const textX = widget.style.align === 'center' ? (b.width - chevron - pad) / 2 : widget.style.align === 'right' ? b.width - chevron - pad * 2 : pad;
  const anchor = widget.style.align === 'center' ? 'middle' : widget.style.align === 'right' ? 'end' : 'start';

  const choose = (index: number) => {
    const item = items[index];
    if (!item || item.pressDisabled) return;
    if (!bound) setLastChoice(index);
    runner.run(itemClickWidget(widget, item));
  };

  // The native select lies over the drawing, transparent: the drawing is what shows, the select what answers.
  const selectStyle: CSSProperties = {
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: runner.disabled ? 'not-allowed' : 'pointer',
    fontSize: font.fontSize,
  };

  return (
    <g data-testid={`select-${widget.id}`} data-current={shown >= 0 ? items[shown]?.indexId ?? '' : ''} data-busy={runner.writing || undefined}>
      <svg x={b.x} y={b.y} width={b.width} height={b.height} overflow="hidden" opacity={runner.disabled ? 0.6 : undefined}>
        <rect
          x={0.5}
          y={0.5}
          width={Math.max(0, b.width - 1)}
          height={Math.max(0, b.height - 1)}
          rx={radius}
          ry={radius}
          fill={paint.fill}
          stroke={paint.stroke === 'none' ? '#D9D9D9' : paint.stroke}
          strokeWidth={paint.strokeWidth ?? 1}
          strokeDasharray={paint.strokeDasharray}
          className={paint.className}
          style={paint.style}
        />
        <text
          x={textX}
          y={b.height / 2}
          textAnchor={anchor}
          dominantBaseline="central"
          fill={muted ? '#8C8C8C' : font.fill}
          fontSize={font.fontSize}
          fontWeight={font.fontWeight}
          fontFamily={font.fontFamily}
          className={font.className}
          style={font.style}
          data-testid={`select-text-${widget.id}`}
        >
          {label}
        </text>
        {focused && (
          <rect x={1} y={1} width={Math.max(0, b.width - 2)} height={Math.max(0, b.height - 2)} rx={radius} ry={radius} fill="none" stroke="#1677FF" strokeWidth={2} />
        )}
        <Chevron x={b.width - pad} cy={b.height / 2} size={chevron} colour={muted ? '#8C8C8C' : font.fill} />
      </svg>
      {live && (
        <foreignObject x={b.x} y={b.y} width={b.width} height={b.height}>
          <select
            aria-label={widget.widgetName || t('runtime.widgetType.UsualSelect')}
            data-testid={`select-input-${widget.id}`}
            style={selectStyle}
            disabled={runner.disabled}
            value={shown >= 0 ? String(shown) : ''}
            onChange={(event) => choose(Number(event.target.value))}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          >
            {shown < 0 && (
              <option value="" disabled>
                {items.length === 0 ? t('runtime.select.empty') : t('runtime.select.placeholder')}
              </option>
            )}
            {items.map((item, index) => (
              <option key={index} value={String(index)} disabled={item.pressDisabled}>
                {item.text}
              </option>
            ))}
          </select>
        </foreignObject>
      )}
    </g>
  );
}
