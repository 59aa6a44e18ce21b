/**
 * Where a streamed file's bytes go. The ZIP writer (zip.ts) hands its chunks over in order, one at a time, and waits
 * for each `write`, so a slow disk holds the writer back rather than the chunks piling up in memory.
 */
export interface ByteSink {
  /** The next bytes of the file; the chunk is not reused by the writer after the promise resolves. */
  write(chunk: Uint8Array): Promise<void>;
  /** The file is whole: saved to disk, or handed to the browser's download. */
  close(): Promise<void>;
  /** Nothing is saved: what was written is dropped (a picked file's partial copy removed). Safe to call twice. */
  abort(reason?: unknown): Promise<void>;
}

/**
 * A sink that keeps the chunks (the compressed bytes, never the rows they came from) and makes one Blob of them when
 * closed, for `onClose` (the download, or a test reading the file back).
 */
export function memorySink(onClose: (blob: Blob) => void, type = XLSX_TYPE): ByteSink {
  let parts: Uint8Array[] | null = [];
  return {
    async write(chunk) {
      if (!parts) throw new Error('the file was closed or aborted');
      parts.push(chunk);
    },
    async close() {
      if (!parts) throw new Error('the file was closed or aborted');
      const blob = new Blob(parts as BlobPart[], { type });
      parts = null;
      onClose(blob);
    },
    async abort() {
      parts = null;
    },
  };
}

/** The media type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file `write` makes into a memory sink, as one Blob (small files made whole: the signal list, a test's file). */
export async function blobOf(write: (sink: ByteSink) => Promise<void>, type = XLSX_TYPE): Promise<Blob> {
  const made: Blob[] = [];
  await write(memorySink((blob) => made.push(blob), type));
  const [blob] = made;
  if (!blob) throw new Error('the file was not finished');
  return blob;
}
