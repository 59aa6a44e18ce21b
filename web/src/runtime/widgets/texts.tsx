/**
 * The widgets that show words and pictures: text, live value, clock, button, image, state animation, and the
 * group (which only draws its children).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstHolding, holds } from '../conditions';
import { formatBaseTime } from '@/lib/chinaTime';
import { NO_VALUE, formatTimer, formatValue } from '../format';
import { safeImageUrl } from '../urls';
import { animationCycleOf, buttonShowsState, valueTextOf } from '../widgetSettings';
import { stateOf } from '@/entities/signals/states';
import { useStateLabel } from '@/entities/signals/components/StateValue';
import { BoxBackground, BoxText, boxOf, type WidgetRenderProps } from './common';

/** How a value that cannot be trusted (stale, bad quality) is drawn. */
export const GREYED = '#8C8C8C';

export function WidgetGroup({ childNodes }: WidgetRenderProps) {
  return <>{childNodes}</>;
}

export function UsualText({ widget, look }: WidgetRenderProps) {
  return (
    <>
      <BoxBackground widget={widget} look={look} />
      <BoxText widget={widget} look={look} text={widget.data.text} />
    </>
  );
}

export type Quality = 'none' | 'good' | 'stale' | 'bad';

export function UsualDataText({ widget, value, signal, look }: WidgetRenderProps) {
  const { t } = useTranslation();
  const stateText = useStateLabel();
  const number = formatValue(value, signal);
  const state = valueTextOf(widget.data) === 'state' ? stateOf(signal?.valueMap, value?.value) : null;
  const text = state ? stateText(state) : number;
  const quality: Quality = !value || number === NO_VALUE ? 'none' : !value.good ? 'bad' : value.stale ? 'stale' : 'good';
  const greyed = quality === 'bad' || quality === 'stale';
  const name = signal?.title || widget.data.title || t('runtime.value.unbound');
  const lines = state ? [name, number] : [name];
  // An intermediate variable without a result shows 0 (runtime/mvars.ts): the tooltip says it is not a measured 0.
  if (value?.zero) lines.push(t(`runtime.value.zero.${value.zero}`));
  if (value && quality !== 'none' && value.time > 0) lines.push(t('runtime.value.time', { time: formatBaseTime(value.time) }));
  if (quality === 'stale') lines.push(t('runtime.value.stale'));
  if (quality === 'bad') lines.push(t('runtime.value.bad'));
  if (quality === 'none') lines.push(t('runtime.value.none'));
  return (
    <g data-quality={quality} data-zero={value?.zero}>
      <title>{lines.join('\n')}</title>
      <BoxBackground widget={widget} look={look} />
      <BoxText widget={widget} look={look} text={text} color={greyed ? GREYED : state?.color || undefined} testId={`value-${widget.id}`} />
    </g>
  );
}

/**
 * The current time, ticking every `period` ms on the period (each second on the second by default); `fixed`
 * (tests, a still preview) stops the ticking, and so does a period of null (nothing to tick for).
 */
function useNow(fixed: number | undefined, period: number | null = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (fixed !== undefined || period === null) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, period - (Date.now() % period) + 5);
    };
    setNow(Date.now());
    schedule();
    return () => clearTimeout(timer);
  }, [fixed, period]);
  return fixed ?? now;
}

export function UsualTimer({ widget, look, env }: WidgetRenderProps) {
  const now = useNow(env.now);
  return (
    <>
      <BoxBackground widget={widget} look={look} />
      <BoxText widget={widget} look={look} text={formatTimer(now, widget.data.format)} testId={`timer-${widget.id}`} />
    </>
  );
}

export function UsualButton({ widget, look, interaction, value, signal }: WidgetRenderProps) {
  const { t } = useTranslation();
  const stateText = useStateLabel();
  const state = buttonShowsState(widget.data) && value?.good && !value.stale ? stateOf(signal?.valueMap, value.value) : null;
  const words = state ? [widget.data.text.trim(), stateText(state)].filter(Boolean).join(' · ') : widget.data.text;
  const label = interaction.busy ? t('runtime.write.writing') : words;
  return (
    <g opacity={interaction.disabled ? 0.55 : undefined} data-busy={interaction.busy || undefined}>
      <BoxBackground widget={widget} look={look} radius={widget.style.radius || 4} />
      <BoxText widget={widget} look={look} text={label} testId={`button-${widget.id}`} />
    </g>
  );
}

/** style.fit as SVG's preserveAspectRatio: contain (default), cover, or fill (stretch). */
function aspect(fit: string): string {
  switch (fit) {
    case 'cover':
      return 'xMidYMid slice';
    case 'fill':
    case 'stretch':
    case 'none':
      return 'none';
    default:
      return 'xMidYMid meet';
  }
}

function Picture({ widget, url }: { widget: WidgetRenderProps['widget']; url: string }) {
  const href = safeImageUrl(url);
  if (!href) return null;
  const b = boxOf(widget);
  return <image href={href} x={b.x} y={b.y} width={b.width} height={b.height} preserveAspectRatio={aspect(widget.style.fit)} />;
}

export function UsualImage({ widget, look }: WidgetRenderProps) {
  return (
    <>
      <BoxBackground widget={widget} look={look} />
      <Picture widget={widget} url={widget.data.url} />
    </>
  );
}

/**
 * Shows the first picture or text whose condition holds; nothing when none does (no value holds nothing). With its
 * cycle on and the cycle's condition met, it shows every item in turn instead, each for the cycle's speed.
 */
export function UsualAnimation({ widget, value, look, env }: WidgetRenderProps) {
  const { data } = widget;
  const items = data.display === 'text' ? data.textItems : data.imgItems;
  const cycle = useMemo(() => animationCycleOf(data), [data]);
  const cycling = cycle.enable && items.length > 0 && holds(cycle, value);
  const now = useNow(env.now, cycling ? cycle.speed : null);
  const item = cycling ? items[Math.floor(now / cycle.speed) % items.length] : firstHolding(items, value);
  return (
    <g data-state={item ? items.indexOf(item) : -1} data-cycling={cycling || undefined}>
      <BoxBackground widget={widget} look={look} />
      {item && (data.display === 'text' ? <BoxText widget={widget} look={look} text={item.text} /> : <Picture widget={widget} url={item.url} />)}
    </g>
  );
}
