/**
 * A ZIP archive written front to back into a {@link ByteSink}, never held whole: each entry's local header goes out
 * with its checksum and sizes unknown (general purpose bit 3), its data as it comes (CRC-32 counted on the way,
 * deflated or stored: deflate.ts), then a data descriptor with the checksum and sizes; the central directory at the
 * end repeats them. Only the central directory's few records per entry are kept until the end.
 *
 * No ZIP64: an entry or the whole archive must stay under 4 GiB (offsets and sizes are 32-bit) and under 65,535
 * entries; the writer refuses (a {@link ZipLimitError}) rather than write a file no reader can open. A spreadsheet of
 * a year of minute rows is far below that.
 */
import { Crc32 } from './crc32';
import { canDeflate, deflateEncoder, storedEncoder, type EntryEncoder, type ZipMethod } from './deflate';
import type { ByteSink } from './sink';

/** The archive would pass what a ZIP without ZIP64 can say (4 GiB, 65,535 entries). */
export class ZipLimitError extends Error {
  constructor(what: string) {
    super(`the file is too large for a ZIP without ZIP64: ${what}`);
    this.name = 'ZipLimitError';
  }
}

const LIMIT = 0xffffffff;
/** Bit 3 (sizes and CRC in a data descriptor after the data) and bit 11 (the name is UTF-8). */
const FLAGS = 0x0808;
const VERSION = 20;

interface Written {
  name: Uint8Array;
  method: ZipMethod;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** An entry being written: its plain bytes in order, then `close`. */
export interface ZipEntry {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export interface ZipOptions {
  /** Deflate (the default where the browser can: deflate.ts), or store every entry. */
  deflate?: boolean;
  /** The entries' modification time (local clock, as ZIP stores it); now by default. */
  modified?: Date;
  /** The most bytes the archive (and an entry) may reach: 4 GiB − 1, all 32 bits can say; smaller only in tests. */
  limit?: number;
}

/** The DOS date and time of `date` (2-second steps, years 1980–2107). */
function dosTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private state: 'writing' | 'finished' | 'aborted' = 'writing';
  private readonly deflate: boolean;
  private readonly stamp: { time: number; date: number };
  private encoder: EntryEncoder | null = null;
  private readonly limit: number;

  constructor(
    private readonly sink: ByteSink,
    options: ZipOptions = {},
  ) {
    this.deflate = options.deflate ?? canDeflate();
    this.stamp = dosTime(options.modified ?? new Date());
    this.limit = Math.min(options.limit ?? LIMIT, LIMIT);
  }

  /** Bytes written so far. */
  get written(): number {
    return this.offset;
  }

  private async out(bytes: Uint8Array): Promise<void> {
    if (this.state === 'aborted') throw new Error('the file was aborted');
    if (this.offset + bytes.length > this.limit) throw new ZipLimitError('over 4 GiB');
    this.offset += bytes.length;
    await this.sink.write(bytes);
  }

  /** Starts entry `name`; the one before must be closed. */
  async entry(name: string): Promise<ZipEntry> {
    if (this.state !== 'writing') throw new Error(`the archive is ${this.state}`);
    if (this.encoder) throw new Error('an entry is still open');
    if (this.entries.length >= 0xffff) throw new ZipLimitError('over 65,535 entries');
    const nameBytes = new TextEncoder().encode(name);
    const offset = this.offset;
    let compressed = 0;
    const emit = async (bytes: Uint8Array) => {
      compressed += bytes.length;
      if (compressed > this.limit) throw new ZipLimitError(`${name} over 4 GiB`);
      await this.out(bytes);
    };
    const encoder = this.deflate ? deflateEncoder(emit) : storedEncoder(emit);
    const header = new DataView(new ArrayBuffer(30 + nameBytes.length));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, VERSION, true);
    header.setUint16(6, FLAGS, true);
    header.setUint16(8, encoder.method, true);
    header.setUint16(10, this.stamp.time, true);
    header.setUint16(12, this.stamp.date, true);
    // 14–25: CRC-32 and both sizes 0, in the data descriptor instead (bit 3).
    header.setUint16(26, nameBytes.length, true);
    new Uint8Array(header.buffer).set(nameBytes, 30);
    this.encoder = encoder;
    await this.out(new Uint8Array(header.buffer));

    const crc = new Crc32();
    let size = 0;
    return {
      write: async (bytes) => {
        if (this.encoder !== encoder) throw new Error('the entry is closed');
        size += bytes.length;
        if (size > this.limit) throw new ZipLimitError(`${name} over 4 GiB`);
        crc.update(bytes);
        await encoder.write(bytes);
      },
      close: async () => {
        if (this.encoder !== encoder) throw new Error('the entry is closed');
        await encoder.close();
        const descriptor = new DataView(new ArrayBuffer(16));
        descriptor.setUint32(0, 0x08074b50, true);
        descriptor.setUint32(4, crc.value, true);
        descriptor.setUint32(8, compressed, true);
        descriptor.setUint32(12, size, true);
        await this.out(new Uint8Array(descriptor.buffer));
        this.entries.push({ name: nameBytes, method: encoder.method, crc: crc.value, compressed, size, offset });
        this.encoder = null;
      },
    };
  }

  /** A whole entry at once (the small fixed parts). */
  async add(name: string, bytes: Uint8Array): Promise<void> {
    const entry = await this.entry(name);
    await entry.write(bytes);
    await entry.close();
  }

  /** Writes the central directory and closes the sink: the file is whole. */
  async finish(): Promise<void> {
    if (this.state !== 'writing') throw new Error(`the archive is ${this.state}`);
    if (this.encoder) throw new Error('an entry is still open');
    const start = this.offset;
    for (const e of this.entries) {
      const record = new DataView(new ArrayBuffer(46 + e.name.length));
      record.setUint32(0, 0x02014b50, true);
      record.setUint16(4, VERSION, true);
      record.setUint16(6, VERSION, true);
      record.setUint16(8, FLAGS, true);
      record.setUint16(10, e.method, true);
      record.setUint16(12, this.stamp.time, true);
      record.setUint16(14, this.stamp.date, true);
      record.setUint32(16, e.crc, true);
      record.setUint32(20, e.compressed, true);
      record.setUint32(24, e.size, true);
      record.setUint16(28, e.name.length, true);
      // 30–41: no extra field, comment, disk number, attributes.
      record.setUint32(42, e.offset, true);
      new Uint8Array(record.buffer).set(e.name, 46);
      await this.out(new Uint8Array(record.buffer));
    }
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, this.entries.length, true);
    end.setUint16(10, this.entries.length, true);
    end.setUint32(12, this.offset - start, true);
    end.setUint32(16, start, true);
    await this.out(new Uint8Array(end.buffer));
    this.state = 'finished';
    await this.sink.close();
  }

  /** Stops: nothing more is written and the sink drops what it had. */
  async abort(reason?: unknown): Promise<void> {
    if (this.state !== 'writing') return;
    this.state = 'aborted';
    this.encoder?.abort(reason);
    this.encoder = null;
    await this.sink.abort(reason);
  }
}
