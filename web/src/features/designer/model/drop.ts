/**
 * A palette item dropped on the canvas (issue 35): a widget of the type at its default size, centred on the drop
 * point and kept on the canvas, made exactly as a drawn one is (model/tools.ts `drawn`: whole numbers, the page's
 * counts, the parser's defaults, the palette's starting data) and selected, as one history step.
 */
import type { EditorState } from './actions';
import { geometryOf } from './rules';
import { drawn, type Point } from './tools';

export interface Size {
  width: number;
  height: number;
}

/** Each family's size when nothing more fitting is known: a shape's, a small control's, a chart's. */
const FAMILY_SIZES: Record<string, Size> = {
  shape: { width: 100, height: 100 },
  usual: { width: 160, height: 40 },
  complex: { width: 400, height: 240 },
};

/** Types whose family size would not fit what they show. */
const TYPE_SIZES: Record<string, Size> = {
  ShapeLine: { width: 120, height: 0 },
  ShapeRect: { width: 120, height: 80 },
  ShapeEllipse: { width: 140, height: 90 },
  ShapeArrow: { width: 120, height: 60 },
  ShapeParallelogram: { width: 120, height: 70 },
  UsualDashboard: { width: 200, height: 200 },
  UsualImage: { width: 120, height: 120 },
  UsualAnimation: { width: 120, height: 120 },
  UsualPercentFill: { width: 100, height: 160 },
  UsualScrollbar: { width: 200, height: 24 },
  UsualButton: { width: 120, height: 40 },
  UsualTimer: { width: 200, height: 40 },
  UsualWebgl: { width: 320, height: 240 },
  ComplexVideo: { width: 400, height: 225 },
  ComplexMap: { width: 480, height: 320 },
  ComplexHistory: { width: 480, height: 240 },
  ComplexAlarm: { width: 480, height: 240 },
  ComplexWeather: { width: 320, height: 160 },
};

/** The size a dropped widget of `widgetType` (of palette family `family`) starts with. */
export function dropSize(widgetType: string, family: string): Size {
  return TYPE_SIZES[widgetType] ?? FAMILY_SIZES[family] ?? FAMILY_SIZES.usual!;
}

/** Where `length` centred on `at` starts, moved so it stays within 0..`room` (at 0 when it is longer than the room). */
function placed(at: number, length: number, room: number): number {
  return Math.max(0, Math.min(Math.round(at - length / 2), Math.round(room - length)));
}

/**
 * The editor with a widget of `widgetType` dropped at `at` (canvas units): its box centred there, moved in so all
 * of it is on the canvas. Unchanged but for a notice when the page's counts refuse it, as when drawing.
 */
export function droppedWidget(editor: EditorState, widgetType: string, family: string, at: Point, data?: Record<string, unknown>): EditorState {
  const { con } = editor.history.present;
  const size = dropSize(widgetType, family);
  const x = placed(at.x, size.width, con.width);
  const y = placed(at.y, size.height, con.height);
  // A line is drawn from its one end to the other, across the drop point; every other shape corner to corner.
  const from = { x, y };
  const to = geometryOf(widgetType) === 'line' ? { x: x + size.width, y } : { x: x + size.width, y: y + size.height };
  return drawn(editor, widgetType, from, to, data);
}
