import type { PagedFile } from './paged-file.js';

// The MaxMind DB data section decoder, reading through a PagedFile: the same values as mmdb-lib's
// Decoder (its types, sizes and pointer arithmetic; checked against it by
// mmdb-paged-reader.spec.ts), so the data section need not be in memory either. `base` is the
// data section's offset in the file; offsets given and returned are relative to it.
const POINTER_BASE = [0, 2048, 526336, 0];

interface Cursor {
  value: unknown;
  offset: number;
}

export class MmdbDecoder {
  constructor(
    private readonly file: PagedFile,
    private readonly base: number,
  ) {}

  private u8(offset: number): number {
    return this.file.byte(this.base + offset);
  }

  private uint(offset: number, length: number): number {
    return this.file.uint(this.base + offset, length);
  }

  decode(offset: number): Cursor {
    const ctrl = this.u8(offset++);
    let type = ctrl >> 5;
    if (type === 1) {
      const size = (ctrl >> 3) & 3;
      const packed = size === 3 ? this.uint(offset, 4) : (ctrl & 7) * 2 ** (8 * (size + 1)) + this.uint(offset, size + 1);
      return { value: this.decode(POINTER_BASE[size] + packed).value, offset: offset + size + 1 };
    }
    if (type === 0) {
      type = this.u8(offset) + 7;
      if (type < 8) throw new Error(`Invalid extended type at offset ${offset}`);
      offset++;
    }
    let size = ctrl & 0x1f;
    if (size === 29) size = 29 + this.u8(offset++);
    else if (size === 30) (size = 285 + this.uint(offset, 2)), (offset += 2);
    else if (size === 31) (size = 65821 + this.uint(offset, 3)), (offset += 3);
    return this.byType(type, offset, size);
  }

  private byType(type: number, offset: number, size: number): Cursor {
    const next = offset + size;
    switch (type) {
      case 2:
        return { value: this.file.bytes(this.base + offset, size).toString('utf8'), offset: next };
      case 7: {
        const map: Record<string, unknown> = {};
        for (let i = 0; i < size; i++) {
          const key = this.decode(offset);
          const value = this.decode(key.offset);
          map[key.value as string] = value.value;
          offset = value.offset;
        }
        return { value: map, offset };
      }
      case 5:
      case 6:
        if (size > 4) throw new Error(`Invalid size for unsigned integer: ${size}`);
        return { value: this.uint(offset, size), offset: next };
      case 3:
        return { value: this.file.bytes(this.base + offset, 8).readDoubleBE(0), offset: next };
      case 11: {
        const array: unknown[] = new Array(size);
        for (let i = 0; i < size; i++) {
          const item = this.decode(offset);
          array[i] = item.value;
          offset = item.offset;
        }
        return { value: array, offset };
      }
      case 14:
        return { value: size !== 0, offset };
      case 15:
        return { value: this.file.bytes(this.base + offset, 4).readFloatBE(0), offset: next };
      case 4:
        return { value: Buffer.from(this.file.bytes(this.base + offset, size)), offset: next };
      case 8:
        if (size === 0) return { value: 0, offset: next };
        return { value: size < 4 ? this.uint(offset, size) : this.file.bytes(this.base + offset, 4).readInt32BE(0), offset: next };
      case 9:
      case 10: {
        if (size > 16) throw new Error(`Invalid size for big unsigned integer: ${size}`);
        let n = 0n;
        for (let i = 0; i < size; i++) n = (n << 8n) | BigInt(this.u8(offset + i));
        return { value: n, offset: next };
      }
    }
    throw new Error(`Unknown type ${type} at offset ${offset}`);
  }
}
