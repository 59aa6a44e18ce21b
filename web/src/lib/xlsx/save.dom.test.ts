import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fakeSaveFilePicker, sheetRowsOf } from '@/test/downloads';
import { unzip, blobBytes } from '@/test/unzip';
import { openSaveSink, SaveCancelled } from './save';
import { openSheet } from './sheet';
import { canDeflate } from './deflate';

let restore = () => {};

afterEach(() => {
  restore();
  restore = () => {};
  vi.unstubAllGlobals();
});

async function writeFile(fileName: string, rows: (string | number | null)[][]) {
  const sheet = await openSheet(await openSaveSink(fileName));
  await sheet.addRows(rows);
  await sheet.finish();
}

describe('where a streamed spreadsheet is saved', () => {
  it('jsdom has no save dialog: the file goes to the download, whole, deflated by Node\'s CompressionStream', async () => {
    // What the DOM tests run on: jsdom offers no CompressionStream of its own, Node 20's global one stays.
    expect(canDeflate()).toBe(true);
    const saved = captureDownloads();
    await writeFile('a.xlsx', [['Flow', 1.5]]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const entries = unzip(await blobBytes(saved[0]!));
    expect(entries.get('xl/worksheets/sheet1.xml')!.method).toBe(8);
    expect(await sheetRowsOf(saved[0]!)).toEqual([['Flow', 1.5]]);
  });

  it('without CompressionStream the entries are stored, and the file reads the same', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    const saved = captureDownloads();
    await writeFile('a.xlsx', [['Flow', 1.5]]);
    const entries = unzip(await blobBytes(saved[0]!));
    expect([...entries.values()].map((e) => e.method)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await sheetRowsOf(saved[0]!)).toEqual([['Flow', 1.5]]);
  });

  it('with the save dialog, writes into the picked file as the rows come, and no download happens', async () => {
    const saved = captureDownloads();
    const picker = fakeSaveFilePicker();
    restore = picker.restore;
    const sink = await openSaveSink('Daily_2026-11.xlsx');
    const sheet = await openSheet(sink);
    await sheet.addRows([['a', 1]]);
    const [file] = picker.files;
    expect(file!.suggestedName).toBe('Daily_2026-11.xlsx');
    expect(file!.chunks.length).toBeGreaterThan(0);
    expect(file!.closed).toBe(false);
    await sheet.finish();
    expect(file!.closed).toBe(true);
    expect(saved).toHaveLength(0);
    expect(await sheetRowsOf(file!.bytes())).toEqual([['a', 1]]);
  });

  it('an aborted file is dropped: the writable aborted and the picked file removed', async () => {
    const picker = fakeSaveFilePicker();
    restore = picker.restore;
    const sheet = await openSheet(await openSaveSink('x.xlsx'));
    await sheet.addRows([['a', 1]]);
    await sheet.abort();
    expect(picker.files[0]).toMatchObject({ aborted: true, removed: true, closed: false });
  });

  it('the dialog closed by the user: SaveCancelled, nothing saved', async () => {
    const saved = captureDownloads();
    const picker = fakeSaveFilePicker(() => new DOMException('The user aborted a request.', 'AbortError'));
    restore = picker.restore;
    await expect(openSaveSink('x.xlsx')).rejects.toBeInstanceOf(SaveCancelled);
    expect(saved).toHaveLength(0);
  });

  it('the dialog refused (the gesture expired while the data was read): the download instead', async () => {
    const saved = captureDownloads();
    const picker = fakeSaveFilePicker(() => new DOMException('Must be handling a user gesture to show a file picker.', 'SecurityError'));
    restore = picker.restore;
    await writeFile('x.xlsx', [['a']]);
    expect(saved).toHaveLength(1);
  });

  it('an automated browser (navigator.webdriver) gets the download: no one can answer the dialog', async () => {
    const saved = captureDownloads();
    const picker = fakeSaveFilePicker();
    restore = picker.restore;
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    try {
      await writeFile('x.xlsx', [['a']]);
    } finally {
      delete (navigator as { webdriver?: boolean }).webdriver;
    }
    expect(picker.files).toHaveLength(0);
    expect(saved).toHaveLength(1);
  });
});
