/**
 * An independent reading of a ZIP archive for the tests of the files the console writes: the central directory's
 * records, each entry's local header and data descriptor checked against them, the data inflated by Node's zlib and
 * its CRC-32 by zlib's own.
 */
import { crc32 as zlibCrc32, inflateRawSync } from 'node:zlib';

export interface UnzippedEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  text: string;
  bytes: Buffer;
}

/** Every entry by name; throws on a record, a size or a checksum that does not agree. */
export function unzip(archive: Uint8Array): Map<string, UnzippedEntry> {
  const buffer = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = buffer.length - 22;
  if (buffer.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory record (or a comment)');
  const count = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  let at = buffer.readUInt32LE(end + 16);
  if (at + directorySize !== end) throw new Error('the central directory does not end where the end record starts');
  const entries = new Map<string, UnzippedEntry>();
  for (let i = 0; i < count; i++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central directory record ${i}`);
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const crc = buffer.readUInt32LE(at + 16);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);

    if (buffer.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: no local header`);
    if (buffer.readUInt16LE(local + 6) !== flags || buffer.readUInt16LE(local + 8) !== method) throw new Error(`${name}: local header differs`);
    if (buffer.toString('utf8', local + 30, local + 30 + buffer.readUInt16LE(local + 26)) !== name) throw new Error(`${name}: local name differs`);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(start, start + compressedSize);
    if (flags & 0x08) {
      const descriptor = start + compressedSize;
      if (buffer.readUInt32LE(descriptor) !== 0x08074b50) throw new Error(`${name}: no data descriptor after ${compressedSize} bytes`);
      if (buffer.readUInt32LE(descriptor + 4) !== crc || buffer.readUInt32LE(descriptor + 8) !== compressedSize || buffer.readUInt32LE(descriptor + 12) !== size) {
        throw new Error(`${name}: data descriptor differs from the central directory`);
      }
    }
    const bytes = method === 8 ? inflateRawSync(raw) : method === 0 ? Buffer.from(raw) : null;
    if (!bytes) throw new Error(`${name}: method ${method}`);
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, the directory says ${size}`);
    if (zlibCrc32(bytes) !== crc) throw new Error(`${name}: CRC-32 differs`);
    entries.set(name, { name, method, flags, crc, compressedSize, size, text: bytes.toString('utf8'), bytes });
  }
  return entries;
}

/** The bytes of a Blob (jsdom's Blob has no arrayBuffer() in every version; FileReader works everywhere). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}
