/**
 * CRC-32 (the ZIP polynomial, reflected 0xEDB88320), computed a chunk at a time: an entry's checksum is known when
 * its last byte has gone by, without holding the entry.
 */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The running checksum: `update` with each chunk in order, `value` at the end. */
export class Crc32 {
  private crc = 0xffffffff;

  update(bytes: Uint8Array): void {
    let crc = this.crc;
    for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
    this.crc = crc;
  }

  get value(): number {
    return (this.crc ^ 0xffffffff) >>> 0;
  }
}

/** The checksum of `bytes` in one go. */
export function crc32(bytes: Uint8Array): number {
  const crc = new Crc32();
  crc.update(bytes);
  return crc.value;
}
