/**
 * The designer's interaction rules of spec section 5 ("Designer") and the constants of section 9, each a pure
 * function so that the tools, the actions and their tests share one definition. Page-wide counts (1,000 widgets,
 * 3 ComplexWeather, 1 UsualWebgl) come from the generated widget list (`widgetTypes.json`, from the server's
 * `ironsight_domain::page`), so the designer refuses exactly what the server would.
 */
import widgetTypes from '@/generated/widgetTypes.json';

/** Smallest size of a drawn or resized shape (section 9: "Minimum shape size 2"). */
export const MIN_SHAPE_SIZE = 2;
/** Rotation moves in quarter turns (section 9: "Rotation step 90"). */
export const ROTATION_STEP = 90;
/** Each further copy of the same selection lands this much further right and down (section 9: "copy offset 50"). */
export const COPY_OFFSET = 50;
/** Collinear points of a line closer in direction than this (radians) are merged when a resize ends. */
export const COLLINEAR_TOLERANCE = 0.05;

/** How a widget type's geometry is measured for the size rule. */
export type ShapeGeometry = 'box' | 'circle' | 'ellipse' | 'line' | 'triangle';

export function geometryOf(widgetType: string): ShapeGeometry {
  switch (widgetType) {
    case 'ShapeCircle':
      return 'circle';
    case 'ShapeEllipse':
      return 'ellipse';
    case 'ShapeLine':
      return 'line';
    case 'ShapeTriangle':
      return 'triangle';
    default:
      return 'box';
  }
}

/** What was drawn, in canvas units. */
export interface Drawn {
  width: number;
  height: number;
  r?: number;
  rx?: number;
  ry?: number;
  /** A line's end points. */
  from?: readonly [number, number];
  to?: readonly [number, number];
}

/**
 * Whether a drawn shape is kept (section 5): a box when its width or its height is at least 2 (as the spec words
 * it), a circle with a radius of at least 2, an ellipse with both radii at least 2, a line whose ends are at least 2
 * apart, a triangle whose extents are both at least 2.
 */
export function largeEnough(geometry: ShapeGeometry, drawn: Drawn): boolean {
  switch (geometry) {
    case 'box':
      return drawn.width >= MIN_SHAPE_SIZE || drawn.height >= MIN_SHAPE_SIZE;
    case 'circle':
      return (drawn.r ?? 0) >= MIN_SHAPE_SIZE;
    case 'ellipse':
      return (drawn.rx ?? 0) >= MIN_SHAPE_SIZE && (drawn.ry ?? 0) >= MIN_SHAPE_SIZE;
    case 'line': {
      const [x1, y1] = drawn.from ?? [0, 0];
      const [x2, y2] = drawn.to ?? [0, 0];
      return Math.hypot(x2 - x1, y2 - y1) >= MIN_SHAPE_SIZE;
    }
    case 'triangle':
      return drawn.width >= MIN_SHAPE_SIZE && drawn.height >= MIN_SHAPE_SIZE;
  }
}

/** The rotation after `quarterTurns` steps (negative: the other way), within 0 to 360; unchanged when locked. */
export function rotated(rotate: number, quarterTurns: number, locked: boolean): number {
  if (locked) return rotate;
  const turned = (rotate + quarterTurns * ROTATION_STEP) % 360;
  return turned < 0 ? turned + 360 : turned;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Positions are whole numbers once a move ends (section 5). */
export function roundedBox(box: Box): Box {
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** How much of a shape must stay inside the canvas while it is dragged: 5 units, 1 for lines, 2 for triangles. */
export function edgeMargin(geometry: ShapeGeometry): number {
  if (geometry === 'line') return 1;
  if (geometry === 'triangle') return 2;
  return 5;
}

/**
 * Whether a drag may put `box` where it is: at least `margin` units of it must overlap the canvas across and down
 * (section 5: the drag is refused otherwise, and the widget stays where it was). A side shorter than the margin
 * (a horizontal or vertical line is 0 high or wide) must lie on the canvas whole.
 */
export function staysOnCanvas(box: Box, canvas: { width: number; height: number }, margin: number): boolean {
  const across = Math.min(box.x + box.width, canvas.width) - Math.max(box.x, 0);
  const down = Math.min(box.y + box.height, canvas.height) - Math.max(box.y, 0);
  return across >= Math.min(margin, box.width) && down >= Math.min(margin, box.height);
}

/** Whether a resize may go to this size: both sides stay above 2 (for a group too, section 5). */
export function resizeAllowed(width: number, height: number): boolean {
  return width > MIN_SHAPE_SIZE && height > MIN_SHAPE_SIZE;
}

/**
 * A line's points with every point dropped where the line goes on in the same direction (the directions of the
 * segments before and after it differ by less than {@link COLLINEAR_TOLERANCE} radians), and repeated points
 * dropped; the ends always stay.
 */
export function mergedCollinear(points: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const distinct = points.filter((point, i) => {
    const before = points[i - 1];
    return !before || point[0] !== before[0] || point[1] !== before[1];
  });
  const kept: Array<[number, number]> = [];
  for (const [i, point] of distinct.entries()) {
    const next = distinct[i + 1];
    const previous = kept[kept.length - 1];
    if (previous && next) {
      const before = Math.atan2(point[1] - previous[1], point[0] - previous[0]);
      const after = Math.atan2(next[1] - point[1], next[0] - point[0]);
      let difference = Math.abs(after - before);
      if (difference > Math.PI) difference = 2 * Math.PI - difference;
      if (difference < COLLINEAR_TOLERANCE) continue;
    }
    kept.push([point[0], point[1]]);
  }
  return kept;
}

/** Widgets a page may hold at most, and how many of a type where the spec limits it. */
export const MAX_WIDGETS: number = widgetTypes.maxWidgets;
const perPageLimits = new Map<string, number>(
  widgetTypes.types.flatMap((t) => (t.maxPerPage === null ? [] : [[t.type, t.maxPerPage] as [string, number]])),
);

/** Why adding widgets would break a page-wide count: the total, or the limit of one type. */
export type CountRefusal = { kind: 'tooManyWidgets'; max: number } | { kind: 'tooManyOfType'; widgetType: string; max: number };

/**
 * Whether a page holding widgets of `present` types may take widgets of `adding` types (checked on draw, paste and
 * copy). Both lists hold every widget, those inside groups included (groups themselves count as widgets too).
 */
export function countRefusal(present: readonly string[], adding: readonly string[]): CountRefusal | null {
  if (present.length + adding.length > MAX_WIDGETS) return { kind: 'tooManyWidgets', max: MAX_WIDGETS };
  for (const [widgetType, max] of perPageLimits) {
    const added = adding.filter((t) => t === widgetType).length;
    if (added > 0 && present.filter((t) => t === widgetType).length + added > max) {
      return { kind: 'tooManyOfType', widgetType, max };
    }
  }
  return null;
}

/** Selected widgets as the arrangement actions see them. */
export interface Selected {
  posLock: boolean;
}

/** Distribute evenly needs more than 2 widgets that may move (locked ones are never moved). */
export function canDistribute(selection: readonly Selected[]): boolean {
  return selection.filter((w) => !w.posLock).length > 2;
}

/** Group needs at least 2 unlocked widgets. */
export function canGroup(selection: readonly Selected[]): boolean {
  return selection.filter((w) => !w.posLock).length >= 2;
}

/** Snap distance in canvas units: 5 with adsorb on, else 1 (section 5). */
export function snapTolerance(adsorb: boolean): number {
  return adsorb ? 5 : 1;
}

/** Where the `nth` copy (1 for the first) of a selection lands relative to the original. */
export function copyOffset(nth: number): { dx: number; dy: number } {
  return { dx: COPY_OFFSET * nth, dy: COPY_OFFSET * nth };
}
