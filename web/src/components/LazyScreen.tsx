/**
 * Renders a lazily loaded screen: a spinner while its chunk loads, the screen once it has, and a LoadError with
 * Retry when the chunk fails or takes longer than 120 s.
 */
import { Component, Suspense, lazy, useCallback, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { ChunkLoadError, lazyWithTimeout, CHUNK_TIMEOUT_MS } from '@/lib/lazyWithTimeout';
import { LoadError } from './LoadError';
import { PageLoading } from './PageLoading';

/** A dynamic import of a screen module whose default export is the page component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * One lazy component per loader, shared by every route that uses it, so returning to a screen (or opening another
 * route with the same screen) renders at once instead of suspending again. A retry replaces the entry.
 */
const lazyScreens = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();

function lazyScreen(loader: ScreenLoader, fresh: boolean): LazyExoticComponent<ComponentType> {
  let screen = lazyScreens.get(loader);
  if (!screen || fresh) {
    screen = lazy(lazyWithTimeout(loader, CHUNK_TIMEOUT_MS));
    lazyScreens.set(loader, screen);
  }
  return screen;
}

export function LazyScreen({ loader, fullscreen = false }: { loader: ScreenLoader; fullscreen?: boolean }) {
  const [attempt, setAttempt] = useState(() => ({ number: 0, Screen: lazyScreen(loader, false) }));
  const retry = useCallback(
    () => setAttempt((previous) => ({ number: previous.number + 1, Screen: lazyScreen(loader, true) })),
    [loader],
  );
  const { Screen } = attempt;
  return (
    // A new boundary per attempt: the retried screen starts without the old error.
    <ChunkErrorBoundary key={attempt.number} onRetry={retry}>
      <Suspense fallback={<PageLoading fullscreen={fullscreen} />}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

/**
 * Shows LoadError for chunk load errors. Any other error is a bug in a screen: it is thrown on to the router's
 * error page, where it is not mistaken for a network problem.
 */
class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error instanceof ChunkLoadError) return <LoadError reason={error.reason} onRetry={this.props.onRetry} />;
    if (error) throw error;
    return this.props.children;
  }
}
