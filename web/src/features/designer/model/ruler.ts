/**
 * The rulers' marks along the canvas (designer local setting `ruler`): a mark every `step` canvas units and a
 * numbered one every `5 × step`, the step chosen from 1, 2, 5 × 10ⁿ so numbered marks stay at least 50 screen
 * pixels apart at the zoom shown.
 */

export interface RulerMark {
  /** Canvas units from the origin. */
  at: number;
  /** Numbered (a long mark with its value). */
  major: boolean;
}

/** Screen pixels between numbered marks, at least. */
const MIN_LABEL_GAP = 50;

/** Canvas units between two marks at `zoom`. */
export function rulerStep(zoom: number): number {
  const wanted = MIN_LABEL_GAP / 5 / Math.max(zoom, 0.01);
  for (let power = 1; ; power *= 10) {
    for (const factor of [1, 2, 5]) {
      if (factor * power >= wanted) return factor * power;
    }
  }
}

/** Marks from 0 to `length` canvas units (both ends included when on a step). */
export function rulerMarks(length: number, zoom: number): RulerMark[] {
  const step = rulerStep(zoom);
  const marks: RulerMark[] = [];
  for (let i = 0; i * step <= length; i++) marks.push({ at: i * step, major: i % 5 === 0 });
  return marks;
}
