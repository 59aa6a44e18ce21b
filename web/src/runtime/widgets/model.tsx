/**
 * The 3D model widget (UsualWebgl): one glTF model (.glb or .gltf) in the widget's box (a <foreignObject>), read
 * through `modelSettingsOf` (runtime/modelWidget.ts); three.js, its GLTFLoader and OrbitControls are imported
 * lazily (./modelScene), only when a page shows a model.
 *
 * Live (`env.live` set): orbit with the mouse or a finger, turning on its own when asked. Still (the designer, a
 * version's preview): one frame, no loop, no controls, and presses go to the designer. Honest states instead of a
 * blank box: no model chosen, an address the viewer will not load, loading, a model that failed to load, and a
 * browser without WebGL ("3D model: <address>"). The fill-colour animation rows tint the model (`look.fill`).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { modelSettingsOf, refusedModelUrl, type ModelSettings } from '../modelWidget';
import type { ModelView } from './modelScene';
import { boxOf, type WidgetRenderProps } from './common';

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string } | { kind: 'noWebgl' };

function Frame({ widget, background, live, children }: Pick<WidgetRenderProps, 'widget'> & { background: string; live: boolean; children: ReactNode }) {
  const b = boxOf(widget);
  return (
    <foreignObject x={b.x} y={b.y} width={b.width} height={b.height} data-model={widget.id}>
      <div
        data-testid={`model-${widget.id}`}
        style={{
          position: 'relative',
          width: b.width,
          height: b.height,
          boxSizing: 'border-box',
          overflow: 'hidden',
          background,
          border: '1px solid #D9D9D9',
          borderRadius: 2,
          pointerEvents: live ? undefined : 'none',
        }}
      >
        {children}
      </div>
    </foreignObject>
  );
}

function Note({ widget, text, tone = 'note' }: Pick<WidgetRenderProps, 'widget'> & { text: string; tone?: 'note' | 'error' }) {
  return (
    <div
      data-testid={`model-note-${widget.id}`}
      role={tone === 'error' ? 'alert' : undefined}
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        padding: 8,
        fontSize: 12,
        color: tone === 'error' ? '#CF1322' : '#595959',
        wordBreak: 'break-all',
      }}
    >
      {text}
    </div>
  );
}

function ModelCanvas({ widget, settings, live, tint }: Pick<WidgetRenderProps, 'widget'> & { settings: ModelSettings; live: boolean; tint: string | undefined }) {
  const { t } = useTranslation();
  const b = boxOf(widget);
  const canvas = useRef<HTMLCanvasElement>(null);
  const view = useRef<ModelView | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const width = Math.max(1, Math.round(b.width));
  const height = Math.max(1, Math.round(b.height));
  // The view is rebuilt when a setting changes (the designer's edits); the tint alone only repaints.
  const key = JSON.stringify(settings);
  const tintRef = useRef(tint);
  tintRef.current = tint;

  useEffect(() => {
    let cancelled = false;
    let created: ModelView | null = null;
    setState({ kind: 'loading' });
    import('./modelScene').then(
      ({ createModelView, webglAvailable }) => {
        if (cancelled || !canvas.current) return;
        if (!webglAvailable()) {
          setState({ kind: 'noWebgl' });
          return;
        }
        try {
          created = createModelView({ canvas: canvas.current, width, height, settings: JSON.parse(key) as ModelSettings, live, tint: tintRef.current });
        } catch {
          // The context could not be made after all (a GPU lost or refused): the honest no-WebGL frame.
          setState({ kind: 'noWebgl' });
          return;
        }
        view.current = created;
        created.loaded.then(
          () => {
            if (!cancelled) setState({ kind: 'ready' });
          },
          (error: unknown) => {
            if (!cancelled) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
          },
        );
      },
      (error: unknown) => {
        if (!cancelled) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      view.current = null;
      created?.destroy();
    };
  }, [key, live, width, height]);

  useEffect(() => {
    view.current?.setTint(tint);
  }, [tint]);

  return (
    <>
      {/* A new canvas for every view: a destroyed view loses its context on purpose (forceContextLoss), and a
          canvas whose context was lost cannot give a new renderer one. */}
      <canvas
        key={`${key}|${live}|${width}x${height}`}
        ref={canvas}
        data-testid={`model-canvas-${widget.id}`}
        data-state={state.kind}
        aria-label={t('runtime.model.label', { address: settings.modelUrl })}
        style={{ width: '100%', height: '100%', display: state.kind === 'noWebgl' ? 'none' : 'block', touchAction: 'none' }}
      />
      {state.kind === 'loading' && <Note widget={widget} text={t('runtime.model.loading')} />}
      {state.kind === 'failed' && <Note widget={widget} tone="error" text={t('runtime.model.failed', { address: settings.modelUrl, message: state.message })} />}
      {state.kind === 'noWebgl' && <Note widget={widget} text={t('runtime.model.noWebgl', { address: settings.modelUrl })} />}
    </>
  );
}

export function UsualWebgl({ widget, env, look }: WidgetRenderProps) {
  const { t } = useTranslation();
  const settings = useMemo(() => modelSettingsOf(widget.data), [widget.data]);
  const live = env.live !== null;
  if (!settings.modelUrl) {
    const refused = refusedModelUrl(widget.data);
    return (
      <Frame widget={widget} background={settings.background} live={live}>
        <Note widget={widget} text={refused ? t('runtime.model.refused', { address: refused }) : t('runtime.model.none')} />
      </Frame>
    );
  }
  return (
    <Frame widget={widget} background={settings.background} live={live}>
      <ModelCanvas widget={widget} settings={settings} live={live} tint={look.fill} />
    </Frame>
  );
}
