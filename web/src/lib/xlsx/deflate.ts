/**
 * An entry's bytes on their way into the archive: DEFLATE through the browser's own `CompressionStream('deflate-raw')`
 * (native code, off the JavaScript heap's rows), or stored as they are where the browser has none (older browsers;
 * jsdom). Both take plain chunks and hand the entry's archive bytes to `emit` in order.
 */

/** The ZIP compression methods written: 0 stored, 8 deflated. */
export type ZipMethod = 0 | 8;

export interface EntryEncoder {
  readonly method: ZipMethod;
  /** The next plain bytes; resolves once the encoder can take more (back-pressure). */
  write(bytes: Uint8Array): Promise<void>;
  /** Flushes the last compressed bytes through `emit`. */
  close(): Promise<void>;
  /** Drops what is still inside. */
  abort(reason?: unknown): void;
}

/** Whether this browser compresses (`CompressionStream` with the raw-deflate format). */
export function canDeflate(): boolean {
  if (typeof CompressionStream !== 'function') return false;
  try {
    new CompressionStream('deflate-raw' as CompressionFormat);
    return true;
  } catch {
    return false;
  }
}

/** Stored: each chunk goes out as it came. */
export function storedEncoder(emit: (bytes: Uint8Array) => Promise<void>): EntryEncoder {
  return {
    method: 0,
    write: emit,
    close: async () => {},
    abort: () => {},
  };
}

/**
 * Raw DEFLATE by `CompressionStream`: the plain chunks are written into its writable side while a pump reads the
 * readable side and emits each compressed chunk. A failure of either side (or of `emit`) rejects the next `write` or
 * the `close`.
 */
export function deflateEncoder(emit: (bytes: Uint8Array) => Promise<void>): EntryEncoder {
  const stream = new CompressionStream('deflate-raw' as CompressionFormat);
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let failure: { error: unknown } | null = null;
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        await emit(value);
      }
    } catch (error) {
      failure ??= { error };
      // Unblock a writer waiting on back-pressure.
      void writer.abort(error).catch(() => {});
      throw error;
    }
  })();
  // Observed here; reported through write/close.
  pump.catch(() => {});
  const check = () => {
    if (failure) throw failure.error;
  };
  return {
    method: 8,
    async write(bytes) {
      check();
      // Awaited: it settles once the compressor has taken the chunk in (the pump reads its output meanwhile), which
      // is the back-pressure; `ready` alone is not (Node's CompressionStream queues 16,384 chunks before it says so).
      await writer.ready;
      await writer.write(bytes as Uint8Array<ArrayBuffer>).catch((error: unknown) => {
        failure ??= { error };
      });
      check();
    },
    async close() {
      check();
      await writer.close();
      await pump;
      check();
    },
    abort(reason) {
      failure ??= { error: reason ?? new Error('aborted') };
      void writer.abort(reason).catch(() => {});
      void reader.cancel(reason).catch(() => {});
    },
  };
}
