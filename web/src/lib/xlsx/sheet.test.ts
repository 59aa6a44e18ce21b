import { describe, expect, it, vi, afterEach } from 'vitest';
import { readSheet as readUniversal } from 'read-excel-file/universal';
import { readSheet as readNode } from 'read-excel-file/node';
import { unzip } from '@/test/unzip';
import { MAX_ROWS, SheetLimitError, openSheet, type Cell, type SheetOptions } from './sheet';
import { ZipLimitError } from './zip';
import { memorySink, type ByteSink } from './sink';
import { canDeflate } from './deflate';
import { columnName, cellText } from './xml';

/** A sink that keeps every chunk and says how it ended. */
function recordingSink() {
  const chunks: Uint8Array[] = [];
  const sink = {
    chunks,
    closed: false,
    aborted: false,
    async write(chunk: Uint8Array) {
      chunks.push(chunk.slice());
    },
    async close() {
      sink.closed = true;
    },
    async abort() {
      sink.aborted = true;
    },
    bytes(): Uint8Array {
      const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      return all;
    },
  } satisfies ByteSink & Record<string, unknown>;
  return sink;
}

async function write(rows: (readonly Cell[])[][], options: SheetOptions = {}, header?: Cell[]) {
  const sink = recordingSink();
  const sheet = await openSheet(sink, options);
  if (header) await sheet.addRows([header], { bold: true });
  for (const page of rows) await sheet.addRows(page);
  await sheet.finish();
  return sink;
}

const HEADER: Cell[] = ['Time', 'Signal', 'Value', 'Note'];
const BODY: Cell[][] = [
  ['2026-11-23 11:04:05', 'Inlet <&>"\' pressure', 1.23, null],
  ['2026-11-23 11:05:05', '出口压力（泵站）', -0.5, '运行'],
  ['2026-11-23 11:06:05', null, 0, ''],
  ['  spaced  ', 'bell\u0007 and _x0041_ kept', 1e21, true],
  ['emoji 💧', 12345678.125, null, false],
];

describe('the streamed .xlsx file', () => {
  for (const deflate of [true, false]) {
    describe(deflate ? 'deflated (CompressionStream)' : 'stored', () => {
      it('is a ZIP every entry of which has a data descriptor, its CRC-32 and sizes agreeing with the central directory', async () => {
        const sink = await write([BODY], { deflate }, HEADER);
        expect(sink.closed).toBe(true);
        const entries = unzip(sink.bytes());
        expect([...entries.keys()]).toEqual([
          '[Content_Types].xml',
          '_rels/.rels',
          'xl/workbook.xml',
          'xl/_rels/workbook.xml.rels',
          'xl/styles.xml',
          'xl/worksheets/sheet1.xml',
        ]);
        for (const entry of entries.values()) {
          expect(entry.flags & 0x08).toBe(0x08);
          expect(entry.method).toBe(deflate ? 8 : 0);
        }
        const sheet = entries.get('xl/worksheets/sheet1.xml')!.text;
        expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t>Time</t></is></c>');
        expect(sheet).toContain('<c r="C2"><v>1.23</v></c>');
        expect(sheet).toContain('<c r="A5" t="inlineStr"><is><t xml:space="preserve">  spaced  </t></is></c>');
        expect(sheet).toContain('<c r="B5" t="inlineStr"><is><t>bell and _x005F_x0041_ kept</t></is></c>');
        expect(sheet).toContain('<c r="D5" t="b"><v>1</v></c>');
        // An empty cell is not written; the next cell's reference places it.
        expect(sheet).toContain('<row r="4"><c r="A4" t="inlineStr"><is><t>2026-11-23 11:06:05</t></is></c><c r="C4"><v>0</v></c></row>');
        expect(sheet).not.toContain('sharedStrings');
        expect(entries.has('xl/sharedStrings.xml')).toBe(false);
        expect(entries.get('xl/styles.xml')!.text).toMatch(/<font><b\/>/);
      });

      it('reads back in read-excel-file (both its readers) with the same cells: numbers, escaped and CJK text, empty cells', async () => {
        const bytes = (await write([BODY], { deflate }, HEADER)).bytes();
        const expected = [
          ['Time', 'Signal', 'Value', 'Note'],
          ['2026-11-23 11:04:05', 'Inlet <&>"\' pressure', 1.23, null],
          ['2026-11-23 11:05:05', '出口压力（泵站）', -0.5, '运行'],
          ['2026-11-23 11:06:05', null, 0, null],
          // read-excel-file trims text by default; the file keeps the spaces (xml:space="preserve", checked above).
          ['spaced', 'bell and _x0041_ kept', 1e21, true],
          ['emoji 💧', 12345678.125, null, false],
        ];
        expect(await readUniversal(bytes.slice().buffer)).toEqual(expected);
        // The Node reader streams the archive through its local headers and data descriptors (what e2e reads with).
        expect(await readNode(Buffer.from(bytes))).toEqual(expected);
      });
    });
  }

  for (const deflate of [false, true]) {
    it(`writes a month of minute rows in several pages, in order, the bytes leaving as they come (${deflate ? 'deflated' : 'stored'})`, async () => {
      const sink = recordingSink();
      const sheet = await openSheet(sink, { columns: [{ width: 26 }, { width: 18 }], deflate });
      await sheet.addRows([['Minute', 'Flow', 'Pump']], { bold: true });
      const opened = sink.chunks.length;
      const minutes = 31 * 24 * 60;
      const counts: number[] = [];
      for (let start = 0; start < minutes; start += 5000) {
        const page: Cell[][] = [];
        for (let m = start; m < Math.min(minutes, start + 5000); m++) page.push([`m${m}`, m / 10, m % 3 === 0 ? null : 'on']);
        await sheet.addRows(page);
        counts.push(sink.chunks.length);
      }
      expect(sheet.rowCount).toBe(minutes + 1);
      if (deflate) {
        // The compressor works off the page's thread and lags a little, but the bytes leave before the end.
        expect(counts.at(-1)).toBeGreaterThan(opened);
      } else {
        // Each page reaches the sink when it is added.
        expect(new Set([opened, ...counts]).size).toBe(counts.length + 1);
      }
      await sheet.finish();
      const entries = unzip(sink.bytes());
      expect(entries.get('xl/worksheets/sheet1.xml')!.text).toContain('<cols><col min="1" max="1" width="26" customWidth="1"/><col min="2" max="2" width="18" customWidth="1"/></cols>');
      const rows = await readUniversal(sink.bytes().slice().buffer);
      expect(rows).toHaveLength(minutes + 1);
      expect(rows[0]).toEqual(['Minute', 'Flow', 'Pump']);
      expect(rows[1]).toEqual(['m0', 0, null]);
      expect(rows[44640]).toEqual(['m44639', 4463.9, 'on']);
    });
  }

  it('aborts: the sink drops the file and nothing more is written', async () => {
    const sink = recordingSink();
    const sheet = await openSheet(sink);
    await sheet.addRows([['a', 1]]);
    const before = sink.chunks.length;
    await sheet.abort('cancelled');
    expect(sink.aborted).toBe(true);
    expect(sink.closed).toBe(false);
    await expect(sheet.addRows([['b', 2]])).rejects.toThrow();
    await expect(sheet.finish()).rejects.toThrow();
    expect(sink.chunks.length).toBe(before);
  });

  it('aborts the file when the sink refuses a write', async () => {
    const sink = recordingSink();
    const sheet = await openSheet(sink, { deflate: false });
    sink.write = () => Promise.reject(new Error('disk full'));
    await expect(sheet.addRows([['a', 1]])).rejects.toThrow('disk full');
    expect(sink.aborted).toBe(true);
  });

  it('refuses to grow past what a ZIP without ZIP64 can say (4 GiB; here a small limit), and drops the file', async () => {
    const sink = recordingSink();
    const sheet = await openSheet(sink, { deflate: false, limit: 20_000 });
    const rows: Cell[][] = Array.from({ length: 1000 }, (_, i) => [`row ${i}`, i]);
    await expect(sheet.addRows(rows)).rejects.toThrow(ZipLimitError);
    expect(sink.aborted).toBe(true);
    expect(sink.closed).toBe(false);
  });

  it('refuses more rows than a spreadsheet program opens', async () => {
    const sink = recordingSink();
    const sheet = await openSheet(sink, { deflate: false });
    const empty: Cell[] = [];
    await sheet.addRows({ *[Symbol.iterator]() { for (let i = 0; i < MAX_ROWS; i++) yield empty; } });
    await expect(sheet.addRows([empty])).rejects.toThrow(SheetLimitError);
    expect(sink.aborted).toBe(true);
  });

  it('a memory sink makes one Blob of the compressed bytes when closed', async () => {
    let blob: Blob | null = null;
    const sheet = await openSheet(memorySink((b) => (blob = b)));
    await sheet.addRows([['x']]);
    expect(blob).toBeNull();
    await sheet.finish();
    expect(blob!.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await readUniversal(await blob!.arrayBuffer())).toEqual([['x']]);
  });
});

describe('compression where the browser has none', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Node 20 has CompressionStream with deflate-raw; without it the entries are stored', async () => {
    expect(canDeflate()).toBe(true);
    vi.stubGlobal('CompressionStream', undefined);
    expect(canDeflate()).toBe(false);
    const entries = unzip((await write([[['a', 1]]])).bytes());
    expect([...entries.values()].every((e) => e.method === 0)).toBe(true);
  });
});

describe('cell text and references', () => {
  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16383].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('escapes XML, drops what XML 1.0 forbids, and protects a literal _xHHHH_', () => {
    expect(cellText('a<b>&"c\'')).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(cellText('x\u0000\u0008\u000B\u001F\uFFFE\uD800y\tz\n')).toBe('xy\tz\n');
    expect(cellText('💧')).toBe('💧');
    expect(cellText('_x000D_')).toBe('_x005F_x000D_');
  });
});
