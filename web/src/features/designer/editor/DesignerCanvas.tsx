/**
 * The designer's canvas: the page drawn by the viewer's own renderers (runtime/WidgetNode, so what is designed is
 * exactly what runs, without live values) over its background colour and picture, the grid, and over it the selection with its resize handles, the
 * marquee and the box being drawn. Pointer events are turned into canvas units and the widget under the pointer,
 * and handed to the tools' state machine (model/tools.ts); this component only forwards and draws.
 */
import { useMemo, useRef, type DragEvent, type MouseEvent, type PointerEvent } from 'react';
import type { PageDocument, Widget } from '@/runtime/document';
import { RUNTIME_CSS } from '@/runtime/runtimeStyles';
import { safeImageUrl } from '@/runtime/urls';
import { WidgetNode, type Values } from '@/runtime/WidgetNode';
import { useSvgId, type RenderEnv } from '@/runtime/widgets/common';
import { outlinePath, widgetAt } from '../model/hitTest';
import type { Handle } from '../model/resize';
import { pointerDown, pointerMove, pointerUp, type Designer, type PointerInput } from '../model/tools';
import { SelectionLayer } from './SelectionLayer';
import { TEMPLATE_DRAG_TYPE } from './TemplatesPanel';
import { PALETTE_DRAG_TYPE } from './Palette';
import { panStage } from './useStageView';

const NO_VALUES: Values = {};
/** The grid's step, in canvas units. */
const GRID = 10;

interface DesignerCanvasProps {
  designer: Designer;
  update(change: (d: Designer) => Designer): void;
  zoom: number;
  grid: boolean;
  /** Outline every widget (an empty text or picture draws nothing of its own). */
  outlines: boolean;
  /** Widgets hidden in the editor (not drawn, not picked). */
  hidden: ReadonlySet<string>;
  /** The designer's adsorb setting: how far a move snaps (read by the tools at each move). */
  adsorb: boolean;
  /** A template dragged from the templates panel was dropped at this canvas point. */
  onDropTemplate?(id: number, at: { x: number; y: number }): void;
  /** A widget type dragged from the palette was dropped at this canvas point. */
  onDropWidget?(widgetType: string, at: { x: number; y: number }): void;
}

export function DesignerCanvas({ designer, update, zoom, grid, outlines, hidden, adsorb, onDropTemplate, onDropWidget }: DesignerCanvasProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  // A document-unique id: a paint server's id shared with any other element (the grid switch's) paints nothing.
  const gridId = useSvgId('designer-grid');
  const document: PageDocument = designer.editor.history.present;
  const { con } = document;
  // Still drawings: no catalogue, no clicks, not live (tables make no server call). Clocks tick (`now` undefined):
  // a clock drawn at the epoch (1970-01-01) looked broken to the engineer placing it.
  const env = useMemo<RenderEnv>(() => ({ signals: new Map(), now: undefined, runClick: () => Promise.resolve(), live: null }), []);
  // While a move lasts: the widgets as they were when it began, by id (the moved ones are drawn from these).
  const base = designer.gesture.kind === 'moving' ? designer.gesture.base : null;
  const moveBase = useMemo(() => (base ? new Map(base.widgets.map((w) => [w.id, w])) : null), [base]);

  const input = (event: MouseEvent): PointerInput => {
    const target = event.target as Element;
    const point = canvasPoint(svgRef.current, event.clientX, event.clientY);
    // A handle first, then a widget's box by geometry (model/hitTest.ts), then the drawing an event was dispatched
    // at directly (the layer takes no pointer events from the browser).
    const node = target.closest('[data-layer="widgets"] > g');
    const handle = target.closest('[data-handle]')?.getAttribute('data-handle') as Handle | null | undefined;
    const handleOwner = target.closest('[data-handle-of]')?.getAttribute('data-handle-of') ?? null;
    return {
      point,
      hit: handleOwner ?? widgetAt(document.widgets, point, hidden) ?? node?.getAttribute('data-testid')?.replace(/^widget-/, '') ?? null,
      ...(handle ? { handle } : {}),
      additive: event.shiftKey,
      copy: event.ctrlKey || event.metaKey || event.altKey,
    };
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = input(event);
    update((d) => pointerDown(d, at));
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (designer.gesture.kind === 'idle') {
      showCursor(event);
      return;
    }
    if (designer.gesture.kind === 'panning') {
      panStage(svgRef.current, event.movementX, event.movementY);
      return;
    }
    const at = input(event);
    update((d) => pointerMove({ ...d, adsorb }, at));
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const at = input(event);
    update((d) => pointerUp(d, at));
  };

  // A right click on a widget not yet selected selects it, so the context menu acts on it.
  const onContextMenu = (event: MouseEvent<SVGSVGElement>) => {
    const hit = input(event).hit;
    if (hit && !designer.editor.selection.includes(hit)) {
      update((d) => ({ ...d, editor: { ...d.editor, selection: [hit] } }));
    }
  };
  // Only a template's drag (its type set by the templates panel) and a palette item's are taken; anything else
  // dropped is refused. The drop point goes through the canvas's own transform (zoom, scroll, rulers).
  const onDragOver = (event: DragEvent<SVGSVGElement>) => {
    const types = event.dataTransfer.types;
    if ((onDropTemplate && types.includes(TEMPLATE_DRAG_TYPE)) || (onDropWidget && types.includes(PALETTE_DRAG_TYPE))) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (event: DragEvent<SVGSVGElement>) => {
    const at = canvasPoint(svgRef.current, event.clientX, event.clientY);
    const widgetType = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
    if (onDropWidget && widgetType) {
      event.preventDefault();
      onDropWidget(widgetType, at);
      return;
    }
    const id = Number(event.dataTransfer.getData(TEMPLATE_DRAG_TYPE));
    if (!onDropTemplate || !Number.isSafeInteger(id) || id <= 0) return;
    event.preventDefault();
    onDropTemplate(id, at);
  };
  const drawing = designer.tool.kind === 'draw';
  const toolCursor = drawing ? 'crosshair' : designer.tool.kind === 'pan' ? 'grab' : 'default';
  /** Over a widget with the select tool: "move", or "not allowed" for a locked one. Set on the element, not in
   * state: a hover must not draw the canvas again. */
  const showCursor = (event: PointerEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    if (!svg || designer.tool.kind !== 'select') return;
    const id = widgetAt(document.widgets, canvasPoint(svg, event.clientX, event.clientY), hidden);
    const locked = id !== null && document.widgets.find((w) => w.id === id)?.posLock;
    svg.style.cursor = id === null ? toolCursor : locked ? 'not-allowed' : 'move';
  };
  // The page's background picture, stretched over the canvas as the viewer draws it (runtime/PageView.tsx).
  const background = safeImageUrl(con.bgImage);
  return (
    <svg
      ref={svgRef}
      data-testid="designer-canvas"
      xmlns="http://www.w3.org/2000/svg"
      width={con.width * zoom}
      height={con.height * zoom}
      viewBox={`0 0 ${con.width} ${con.height}`}
      style={{ display: 'block', background: '#fff', cursor: toolCursor, touchAction: 'none', userSelect: 'none' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onContextMenu={onContextMenu}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <style>{RUNTIME_CSS}</style>
      <defs>
        <pattern id={gridId} width={GRID} height={GRID} patternUnits="userSpaceOnUse">
          <path d={`M ${GRID} 0 L 0 0 0 ${GRID}`} fill="none" stroke="#dfe3e8" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        </pattern>
      </defs>
      <rect x={0} y={0} width={con.width} height={con.height} fill={con.bgColor} />
      {background && (
        <image href={background} x={0} y={0} width={con.width} height={con.height} preserveAspectRatio="none" pointerEvents="none" />
      )}
      {grid && <rect x={0} y={0} width={con.width} height={con.height} fill={`url(#${gridId})`} pointerEvents="none" />}
      {/* The drawings take no pointer events: the browser then hit-tests one background rectangle on every move
          instead of a thousand drawings (a drag's frames doubled without it), and picking is by geometry. */}
      <g data-layer="widgets" pointerEvents="none">
        {document.widgets
          .filter((widget) => !hidden.has(widget.id))
          .map((widget: Widget) => {
            const from = moveBase?.get(widget.id);
            // A widget being dragged is its drawing from before the drag, shifted: the same picture (a move only
            // translates), and each frame of the drag changes one attribute instead of drawing it again.
            return from && from !== widget ? (
              <g key={widget.id} data-moving-of={widget.id} transform={`translate(${widget.position.x - from.position.x} ${widget.position.y - from.position.y})`}>
                <WidgetNode widget={from} values={NO_VALUES} env={env} />
              </g>
            ) : (
              <WidgetNode key={widget.id} widget={widget} values={NO_VALUES} env={env} />
            );
          })}
      </g>
      {outlines && <Outlines widgets={document.widgets} hidden={hidden} base={base?.widgets ?? null} />}
      <SelectionLayer designer={designer} zoom={zoom} />
    </svg>
  );
}

/**
 * The "outlines" view: every widget's box as a thin dashed frame, so an empty widget can be found. Two paths: while a
 * move lasts (`base`: the widgets as they were when it began) the still widgets' outlines stay as they were and the
 * moved ones are one path shifted by the move, so a drag frame changes one attribute instead of a thousand frames.
 */
function Outlines({ widgets, hidden, base }: { widgets: readonly Widget[]; hidden: ReadonlySet<string>; base: readonly Widget[] | null }) {
  const baseById = useMemo(() => (base ? new Map(base.map((w) => [w.id, w])) : null), [base]);
  const moved = baseById ? widgets.filter((w) => baseById.get(w.id) !== w) : [];
  const movedKey = moved.map((w) => w.id).join('\n');
  const source = base ?? widgets;
  const still = useMemo(() => {
    const skip = new Set([...hidden, ...(movedKey ? movedKey.split('\n') : [])]);
    return outlinePath(source, skip);
  }, [source, hidden, movedKey]);
  const movedFrom = useMemo(() => {
    if (!base || !movedKey) return '';
    const ids = new Set(movedKey.split('\n'));
    return outlinePath(base.filter((w) => ids.has(w.id)), hidden);
  }, [base, hidden, movedKey]);
  const first = moved[0];
  const from = first ? baseById?.get(first.id) : undefined;
  const shift = first && from ? `translate(${first.position.x - from.position.x} ${first.position.y - from.position.y})` : undefined;
  const look = { fill: 'none', stroke: '#b0b7c3', strokeDasharray: '3 3', vectorEffect: 'non-scaling-stroke', pointerEvents: 'none' } as const;
  return (
    <g data-layer="outlines">
      <path d={still} {...look} />
      {movedFrom && <path d={movedFrom} transform={shift} {...look} />}
    </g>
  );
}

/** A pointer position in canvas units (the SVG's own coordinates, whatever the zoom and scroll). */
function canvasPoint(svg: SVGSVGElement | null, clientX: number, clientY: number) {
  const matrix = svg?.getScreenCTM?.();
  if (!svg || !matrix) return { x: clientX, y: clientY };
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}
