/**
 * The configuration page viewer: the page's canvas as one SVG, scaled per `con.fit` into its container
 * (container: the whole canvas visible, aspect kept; width: as wide as the container, scrolling vertically;
 * height: as high as the container, scrolling across; stretch: filling the container, aspect not kept; none: 1:1,
 * scrolling both ways), with the background colour and picture, every widget drawn by its registry
 * renderer with live values, and the click events' dialogs and messages.
 *
 * Scaling is left to the browser (viewBox and CSS), so a resize costs no JavaScript; the motion is CSS
 * (runtimeStyles.ts); a pushed value re-renders only the widgets bound to its signal (WidgetNode).
 */
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { message } from 'antd';
import type { PageDocument } from './document';
import { consoleRecordCalls } from './recordCalls';
import { RUNTIME_CSS } from './runtimeStyles';
import type { RuntimeContext } from './types';
import { safeImageUrl } from './urls';
import { useClickRunner } from './useClickRunner';
import { WidgetNode } from './WidgetNode';
import { useSvgId, type RenderEnv } from './widgets/common';

export interface PageViewProps {
  document: PageDocument;
  context: RuntimeContext;
  /** The time timers show; leave it out to let them tick (tests and still previews set it). */
  now?: number;
}

export function PageView({ document, context, now }: PageViewProps) {
  const { con } = document;
  const clipId = useSvgId('rt-canvas');
  const [messageApi, messageHolder] = message.useMessage();

  // The click runner reads the context when a click runs: a new context object (new values every push) does not
  // re-create it, so the widgets' memoised renderers stay put.
  const contextRef = useRef(context);
  const messageRef = useRef(messageApi);
  useEffect(() => {
    contextRef.current = context;
    messageRef.current = messageApi;
  });
  const { runClick, dialog } = useClickRunner(contextRef, messageRef);

  // The live target by value: a context rebuilt with an equal equipment list keeps the environment, so the
  // memoised widgets stay put.
  const liveKey = context.live?.equipmentIds.join(',');
  const livePage = context.live?.page;
  const pageKey = livePage ? `${livePage.id}:${livePage.owner.kind}:${livePage.owner.id}:${livePage.draft}` : '';
  const calls = context.live?.calls ?? consoleRecordCalls;
  const env = useMemo<RenderEnv>(() => {
    const live =
      liveKey === undefined
        ? null
        : { equipmentIds: liveKey === '' ? [] : liveKey.split(',').map(Number), calls, ...(livePage ? { page: livePage } : {}) };
    return { signals: context.signals, ...(context.mvars ? { mvars: context.mvars } : {}), now, runClick, live };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `pageKey` names the same page as `livePage`
  }, [context.signals, context.mvars, now, runClick, liveKey, pageKey, calls]);

  const { outer, svg } = sizing(con.fit, con.width, con.height);
  const background = safeImageUrl(con.bgImage);

  return (
    <div data-testid="runtime-page" data-fit={con.fit} style={outer}>
      <style>{RUNTIME_CSS}</style>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${con.width} ${con.height}`}
        preserveAspectRatio="xMidYMid meet"
        data-testid="runtime-canvas"
        {...svg}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={0} y={0} width={con.width} height={con.height} />
          </clipPath>
        </defs>
        <g clipPath={`url(#${clipId})`}>
          <rect x={0} y={0} width={con.width} height={con.height} fill={con.bgColor} data-testid="runtime-background" />
          {background && (
            <image href={background} x={0} y={0} width={con.width} height={con.height} preserveAspectRatio="none" />
          )}
          {document.widgets.map((widget) => (
            <WidgetNode key={widget.id} widget={widget} values={context.values} env={env} />
          ))}
        </g>
      </svg>
      {messageHolder}
      {dialog}
    </div>
  );
}

/** The container's and the SVG's sizing for a fit mode. */
function sizing(fit: PageDocument['con']['fit'], width: number, height: number) {
  const outer: CSSProperties = { position: 'relative', width: '100%', height: '100%' };
  let svg: { width?: number | string; height?: number | string; style: CSSProperties; preserveAspectRatio?: string };
  switch (fit) {
    case 'width':
      outer.overflowX = 'hidden';
      outer.overflowY = 'auto';
      svg = { style: { display: 'block', width: '100%', height: 'auto', aspectRatio: `${width} / ${height}` } };
      break;
    case 'height':
      outer.overflowX = 'auto';
      outer.overflowY = 'hidden';
      svg = { style: { display: 'block', height: '100%', width: 'auto', aspectRatio: `${width} / ${height}` } };
      break;
    case 'stretch':
      outer.overflow = 'hidden';
      svg = { width: '100%', height: '100%', style: { display: 'block' }, preserveAspectRatio: 'none' };
      break;
    case 'none':
      outer.overflow = 'auto';
      svg = { width, height, style: { display: 'block' } };
      break;
    default:
      outer.overflow = 'hidden';
      svg = { width: '100%', height: '100%', style: { display: 'block' } };
  }
  return { outer, svg };
}
