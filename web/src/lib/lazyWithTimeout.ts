/**
 * Route chunks are loaded on demand. A chunk that fails, or has not arrived after 120 s, must end in a visible
 * load error with a retry (spec section 8) instead of an endless spinner: this wrapper turns both into a
 * {@link ChunkLoadError}.
 */

/** How long a chunk may take before the console gives up on it (the request timeout, spec section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkLoadFailure = 'timeout' | 'failed';

export class ChunkLoadError extends Error {
  readonly reason: ChunkLoadFailure;

  constructor(reason: ChunkLoadFailure, cause?: unknown) {
    super(reason === 'timeout' ? 'chunk load timed out' : 'chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

/**
 * Wraps a dynamic import so it rejects with ChunkLoadError('timeout') after `timeoutMs`, and with
 * ChunkLoadError('failed') when the import itself fails. Each call of the returned function starts a new import,
 * which is what a retry needs.
 */
export function lazyWithTimeout<T>(importer: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
      importer().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('failed', error));
        },
      );
    });
}
