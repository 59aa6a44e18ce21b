/**
 * Renders a lazily loaded screen: a spinner while its chunk loads, the screen once it has, and a LoadError with
 * Retry when the chunk fails or takes longer than 120 s.
 *
 * The chunk is awaited here, not by React.lazy under Suspense: React holds back revealing a Suspense boundary's
 * content until 300 ms after its fallback appeared (its fallback throttle), so every route change that loaded a
 * chunk sat idle for up to 300 ms after the chunk had arrived (a third of the designer's open, measured in issue
 * 13). A screen whose chunk is already here renders at once, with no spinner.
 */
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { ChunkLoadError, lazyWithTimeout, CHUNK_TIMEOUT_MS } from '@/lib/lazyWithTimeout';
import { LoadError } from './LoadError';
import { PageLoading } from './PageLoading';

/** A dynamic import of a screen module whose default export is the page component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** Screens whose chunk has arrived, by loader: shared by every route that uses one. */
const loaded = new Map<ScreenLoader, ComponentType>();
/** Loads under way, so two mounts of one screen (StrictMode, two routes) share one import. */
const loading = new Map<ScreenLoader, Promise<ComponentType>>();

function loadScreen(loader: ScreenLoader): Promise<ComponentType> {
  let pending = loading.get(loader);
  if (!pending) {
    pending = lazyWithTimeout(loader, CHUNK_TIMEOUT_MS)().then(
      (module) => {
        loaded.set(loader, module.default);
        return module.default;
      },
      (error: unknown) => {
        // A failed load is forgotten, so Retry imports again.
        loading.delete(loader);
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError('failed', error);
      },
    );
    loading.set(loader, pending);
  }
  return pending;
}

/** How the last load of a loader ended: with its screen (now in `loaded`) or with a failure. */
interface Settled {
  loader: ScreenLoader;
  error: ChunkLoadError | null;
}

export function LazyScreen({ loader, fullscreen = false }: { loader: ScreenLoader; fullscreen?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const Screen = loaded.get(loader);
  useEffect(() => {
    if (loaded.has(loader)) return;
    let current = true;
    loadScreen(loader).then(
      () => current && setSettled({ loader, error: null }),
      (error: ChunkLoadError) => current && setSettled({ loader, error }),
    );
    return () => {
      current = false;
    };
  }, [loader, attempt]);

  if (Screen) {
    return (
      // Only for a screen that suspends inside itself; the screen's own chunk is already here. An error the
      // screen throws is a bug, not a network problem: it goes on to the router's error page.
      <Suspense fallback={<PageLoading fullscreen={fullscreen} />}>
        <Screen />
      </Suspense>
    );
  }
  if (settled?.loader === loader && settled.error) {
    const retry = () => {
      setSettled(null);
      setAttempt((n) => n + 1);
    };
    return <LoadError reason={settled.error.reason} onRetry={retry} />;
  }
  return <PageLoading fullscreen={fullscreen} />;
}
