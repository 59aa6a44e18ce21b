/**
 * Where the console saves a streamed file. Where the browser lets a page write a file the user picks
 * (`window.showSaveFilePicker`, Chromium), the bytes go straight into that file through its writable stream as they
 * are made (Chromium writes them to a `.crswap` copy beside it and puts it in place on close), so memory holds one
 * chunk at a time; cancelling aborts the writable (its copy is dropped) and removes the file the picker made.
 * Elsewhere (Firefox, Safari, and automated browsers, whose tests read the download) the compressed chunks are kept
 * and handed to the browser's download when the file is whole: memory then holds the compressed file, never the
 * rows it came from.
 */
import { saveBlob } from '@/lib/download';
import { memorySink, XLSX_TYPE, type ByteSink } from './sink';

/** The user closed the save dialog without choosing a file: nothing is to be written. */
export class SaveCancelled extends Error {
  constructor() {
    super('the save dialog was cancelled');
    this.name = 'SaveCancelled';
  }
}

/** What the File System Access API offers (not in TypeScript's DOM library yet). */
interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}
interface PickedFile {
  createWritable(): Promise<{
    write(data: Uint8Array): Promise<void>;
    close(): Promise<void>;
    abort(reason?: unknown): Promise<void>;
  }>;
  remove?(): Promise<void>;
}
type ShowSaveFilePicker = (options?: SaveFilePickerOptions) => Promise<PickedFile>;

function picker(): ShowSaveFilePicker | null {
  if (typeof window === 'undefined') return null;
  const show = (window as unknown as { showSaveFilePicker?: ShowSaveFilePicker }).showSaveFilePicker;
  // An automated browser cannot answer the native dialog; its tests read the download instead.
  if (typeof show !== 'function' || navigator.webdriver) return null;
  return show.bind(window);
}

/** The file's bytes kept, then handed to the browser's download as `fileName` when whole. */
export function downloadSink(fileName: string, type = XLSX_TYPE): ByteSink {
  return memorySink((blob) => saveBlob(fileName, blob), type);
}

/** A file the user picks, written as the bytes come. */
async function pickedFileSink(show: ShowSaveFilePicker, fileName: string): Promise<ByteSink> {
  const extension = /\.[^.]+$/.exec(fileName)?.[0] ?? '.xlsx';
  const handle = await show({ suggestedName: fileName, types: [{ description: 'Excel', accept: { [XLSX_TYPE]: [extension] } }] });
  const writable = await handle.createWritable();
  let done = false;
  return {
    write: (chunk) => writable.write(chunk),
    async close() {
      done = true;
      await writable.close();
    },
    async abort(reason) {
      if (done) return;
      done = true;
      await writable.abort(reason).catch(() => {});
      // The picker made the (empty) file when it was chosen.
      await handle.remove?.().catch(() => {});
    },
  };
}

/**
 * Opens where `fileName` is saved: a file the user picks where the browser can (call from the click itself: the
 * dialog needs the user's gesture), else the download. Rejects with {@link SaveCancelled} when the user closes the
 * dialog; where the dialog cannot open (no gesture any more, a policy), the download is used.
 */
export async function openSaveSink(fileName: string): Promise<ByteSink> {
  const show = picker();
  if (show) {
    try {
      return await pickedFileSink(show, fileName);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw new SaveCancelled();
      // SecurityError (the gesture expired while the data was read), NotAllowedError: the download instead.
    }
  }
  return downloadSink(fileName);
}
