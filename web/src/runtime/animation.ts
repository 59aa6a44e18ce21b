/**
 * Animations (docs/page-document.md, "Animations"), as a pure function of the widget's animation settings and
 * its bound value: what the renderers apply. The motion itself is CSS (runtimeStyles.ts), so a page of a
 * thousand widgets does no work per frame; a value change only changes which classes and colours apply.
 */
import { firstHolding, holds } from './conditions';
import type { Animation, ColorRule } from './document';
import type { RuntimeValue } from './types';

export type BlinkKind = 'visiable' | 'fill' | 'stroke' | 'font';

export interface Look {
  /** The widget is not drawn (visiable animation). */
  hidden: boolean;
  /** Colour overrides (fillColor, borderColor, fontColor); undefined keeps the widget's own colour. */
  fill: string | undefined;
  stroke: string | undefined;
  font: string | undefined;
  /** Blinking (twinkle) and what blinks. */
  blink: { kind: BlinkKind; color: string } | null;
  /** Turning (rotate): one turn per `period` ms, clockwise for direction 1. */
  spin: { direction: 1 | -1; period: number } | null;
}

export const STILL: Look = Object.freeze({
  hidden: false,
  fill: undefined,
  stroke: undefined,
  font: undefined,
  blink: null,
  spin: null,
});

function colour(rules: { enable: boolean; dataArray: ColorRule[] } | undefined, value: RuntimeValue | undefined) {
  if (!rules?.enable) return undefined;
  return firstHolding(rules.dataArray, value)?.color;
}

/** What the widget's animations make of `value`. */
export function lookOf(animation: Animation, value: RuntimeValue | undefined): Look {
  const { visiable, twinkle, rotate } = animation;
  let hidden = false;
  if (visiable?.enable) {
    const when = holds(visiable, value);
    // "hide": hidden while the condition holds; "show": shown only while it holds.
    hidden = visiable.visiable === 'hide' ? when : !when;
  }
  const blink = twinkle?.enable && holds(twinkle, value) ? { kind: twinkle.twinkleType, color: twinkle.color } : null;
  const spin = rotate?.enable && holds(rotate, value) ? { direction: rotate.direction, period: rotate.speed } : null;
  const fill = colour(animation.fillColor, value);
  const stroke = colour(animation.borderColor, value);
  const font = colour(animation.fontColor, value);
  if (!hidden && !blink && !spin && fill === undefined && stroke === undefined && font === undefined) return STILL;
  return { hidden, fill, stroke, font, blink, spin };
}
