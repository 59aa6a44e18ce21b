/**
 * Captures the files a screen saves. The console's downloads go through `URL.createObjectURL` (lib/download.ts):
 * call {@link captureDownloads} in `beforeEach`, read the blobs from the answered list; `vi.unstubAllGlobals()` in
 * `afterEach` puts `URL` back. A streamed spreadsheet is saved into a picked file where the browser offers the save
 * dialog (lib/xlsx/save.ts); {@link fakeSaveFilePicker} stands in for it and keeps what was written. jsdom has no
 * dialog, so without the fake a spreadsheet reaches the download.
 */
import { vi } from 'vitest';
import { readSheet } from 'read-excel-file/universal';
import { blobBytes } from './unzip';

export function captureDownloads(): Blob[] {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:console.test/1';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  return saved;
}

/** The rows of a saved .xlsx file as a spreadsheet reader sees them (read-excel-file). */
export async function sheetRowsOf(file: Blob | Uint8Array): Promise<unknown[][]> {
  const bytes = file instanceof Uint8Array ? file : await blobBytes(file);
  return (await readSheet(bytes.slice().buffer)) as unknown[][];
}

/** A picked file as the fake save dialog keeps it. */
export interface PickedFile {
  suggestedName: string | undefined;
  chunks: Uint8Array[];
  closed: boolean;
  aborted: boolean;
  removed: boolean;
  /** Every byte written so far. */
  bytes(): Uint8Array;
}

/**
 * Stands in for `window.showSaveFilePicker`: each call "picks" a file and answers its writable, recording what is
 * written, closed, aborted and removed. `answer` makes the dialog fail instead (an AbortError: the user closed it).
 * `restore` takes it away again.
 */
export function fakeSaveFilePicker(answer?: () => Error): { files: PickedFile[]; restore(): void } {
  const files: PickedFile[] = [];
  const show = vi.fn(async (options?: { suggestedName?: string }) => {
    if (answer) throw answer();
    const file: PickedFile = {
      suggestedName: options?.suggestedName,
      chunks: [],
      closed: false,
      aborted: false,
      removed: false,
      bytes() {
        const all = new Uint8Array(file.chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of file.chunks) {
          all.set(c, at);
          at += c.length;
        }
        return all;
      },
    };
    files.push(file);
    return {
      createWritable: async () => ({
        write: async (chunk: Uint8Array) => {
          if (file.closed || file.aborted) throw new TypeError('the stream is closed');
          file.chunks.push(chunk.slice());
        },
        close: async () => {
          file.closed = true;
        },
        abort: async () => {
          file.aborted = true;
        },
      }),
      remove: async () => {
        file.removed = true;
      },
    };
  });
  Object.assign(window, { showSaveFilePicker: show });
  return {
    files,
    restore: () => {
      delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    },
  };
}
