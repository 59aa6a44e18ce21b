/**
 * One widget of the page: its frame (<g> with the test id, type, rotation about its centre, opacity, visibility
 * and blinking), its click event, and its renderer from the registry.
 *
 * Memoised on the widget and the values it reads: every node receives the whole live-value record, but a node
 * re-renders only when the value of a signal bound in its subtree changed (by content, not identity), so a
 * pushed value redraws the widgets bound to that signal and nothing else.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { lookOf } from './animation';
import { boundSignalId, type Widget } from './document';
import { mvarIdOf } from './mvars';
import { statisticSignal, valueKeyOf } from './systemKeys';
import { widgetDefOf } from './registry';
import type { RuntimeValue } from './types';
import { turnAbout, type Interaction, type RenderEnv } from './widgets/common';

export type Values = Readonly<Record<string, RuntimeValue>>;

/**
 * The value keys (signal ids as text, `system:<key>` for a statistic: runtime/systemKeys.ts) a widget (its binding,
 * a chart's signal list) and its children read; cached per widget object.
 */
const keysCache = new WeakMap<Widget, readonly string[]>();

export function signalKeysOf(widget: Widget): readonly string[] {
  let keys = keysCache.get(widget);
  if (!keys) {
    const own = valueKeyOf(widget.data);
    const set = new Set<string>(own === null ? [] : [own]);
    // Chart widgets read a list of signals and, on a project page, of statistics.
    for (const binding of [...(widget.data.signalArray ?? []), ...(widget.data.systemArray ?? []), ...(widget.data.mvarArray ?? [])]) {
      const key = valueKeyOf(binding);
      if (key !== null) set.add(key);
    }
    for (const child of widget.children) for (const key of signalKeysOf(child)) set.add(key);
    keys = [...set];
    keysCache.set(widget, keys);
  }
  return keys;
}

export function sameValue(a: RuntimeValue | undefined, b: RuntimeValue | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.value === b.value && a.time === b.time && a.good === b.good && a.stale === b.stale;
}

interface NodeProps {
  widget: Widget;
  values: Values;
  env: RenderEnv;
}

function sameNode(prev: NodeProps, next: NodeProps): boolean {
  if (prev.widget !== next.widget || prev.env !== next.env) return false;
  if (prev.values === next.values) return true;
  return signalKeysOf(next.widget).every((key) => sameValue(prev.values[key], next.values[key]));
}

const IDLE: Interaction = { clickable: false, busy: false, disabled: false };

/** The click event's state: running (a dialog or a write), writing, and the delay after a write. */
function useClick(widget: Widget, env: RenderEnv) {
  const [running, setRunning] = useState(false);
  const [writing, setWriting] = useState(false);
  const [cooling, setCooling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { enable, config } = widget.clickEvent;
  const activate = useCallback(() => {
    if (!enable || busy.current || cooling) return;
    busy.current = true;
    setRunning(true);
    const hooks = {
      writing(on: boolean) {
        setWriting(on);
        // The button stays disabled for the delay after a write is sent (docs/page-document.md, click event).
        if (on && config.delay.enable && config.delay.value > 0) {
          clearTimeout(timer.current);
          setCooling(true);
          timer.current = setTimeout(() => setCooling(false), config.delay.value);
        }
      },
    };
    void env
      .runClick(widget, hooks)
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
        setRunning(false);
        setWriting(false);
      });
  }, [enable, cooling, config.delay.enable, config.delay.value, env, widget]);

  const interaction = useMemo<Interaction>(
    () => (enable ? { clickable: true, busy: writing, disabled: running || cooling } : IDLE),
    [enable, writing, running, cooling],
  );
  return { interaction, activate };
}

function spinStyle(period: number): CSSProperties {
  return { ['--rt-period' as string]: `${period}ms` } as CSSProperties;
}

export const WidgetNode = memo(function WidgetNode({ widget, values, env }: NodeProps) {
  const key = valueKeyOf(widget.data);
  const value = key === null ? undefined : values[key];
  const signalId = boundSignalId(widget.data);
  // A statistic (a project page's system binding) is shown as a whole number titled by its binding; an
  // intermediate variable with its own unit and decimals.
  const mvarId = mvarIdOf(widget.data);
  const signal = useMemo(() => {
    if (signalId !== null) return env.signals.get(signalId);
    if (mvarId !== null) return env.mvars?.get(mvarId);
    return key !== null ? statisticSignal(widget.data) : undefined;
  }, [signalId, mvarId, key, env.signals, env.mvars, widget.data]);
  const look = useMemo(() => lookOf(widget.animation, value), [widget.animation, value]);
  const { interaction, activate } = useClick(widget, env);

  const def = widgetDefOf(widget.widgetType);
  const Render = def.render;
  const childNodes =
    widget.children.length > 0
      ? widget.children.map((child) => <WidgetNode key={child.id} widget={child} values={values} env={env} />)
      : null;

  let content = (
    <Render
      widget={widget}
      value={value}
      signal={signal}
      values={values}
      look={look}
      env={env}
      interaction={interaction}
      childNodes={childNodes}
    />
  );
  if (look.spin) {
    content = (
      <g className={look.spin.direction < 0 ? 'rt-spin rt-spin-reverse' : 'rt-spin'} style={spinStyle(look.spin.period)}>
        {content}
      </g>
    );
  }

  const clickable = interaction.clickable;
  // A clickable widget inside a clickable group answers the click itself; the group does not run too.
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    activate();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      activate();
    }
  };
  return (
    <g
      data-testid={`widget-${widget.id}`}
      data-widget-type={widget.widgetType}
      transform={turnAbout(widget.position)}
      opacity={widget.style.opacity < 1 ? widget.style.opacity : undefined}
      display={look.hidden ? 'none' : undefined}
      className={[look.blink?.kind === 'visiable' ? 'rt-blink-visible' : '', clickable ? 'rt-clickable' : ''].join(' ').trim() || undefined}
      role={clickable ? 'button' : undefined}
      tabIndex={clickable ? 0 : undefined}
      aria-label={clickable ? widget.data.text || widget.widgetName || undefined : undefined}
      aria-disabled={clickable ? interaction.disabled : undefined}
      aria-busy={interaction.busy || undefined}
      onClick={clickable ? onClick : undefined}
      onKeyDown={clickable ? onKeyDown : undefined}
    >
      {content}
    </g>
  );
}, sameNode);
