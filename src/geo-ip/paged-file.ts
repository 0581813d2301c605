import fs from 'node:fs';

export const PAGE_SIZE = 4096;

// A read-only file read by position through a fixed-size, direct-mapped cache of 4 KiB pages (one
// buffer allocated up front, nothing per read): what is not cached is read again with one
// positional read, from the operating system's page cache when the file is hot. For files too big
// to hold in memory and read at scattered places (geo-IP databases). Synchronous.
export class PagedFile {
  readonly size: number;
  private readonly pages: Buffer;
  private readonly pageNumbers: Float64Array;

  constructor(
    private readonly fd: number,
    private readonly cachePages: number,
  ) {
    this.size = fs.fstatSync(fd).size;
    this.pages = Buffer.alloc(cachePages * PAGE_SIZE);
    this.pageNumbers = new Float64Array(cachePages).fill(-1);
  }

  // The buffer holding `offset` and where in it: valid until the next read.
  private slot(offset: number): number {
    const page = Math.floor(offset / PAGE_SIZE);
    const slot = page % this.cachePages;
    const base = slot * PAGE_SIZE;
    if (this.pageNumbers[slot] !== page) {
      fs.readSync(this.fd, this.pages, base, PAGE_SIZE, page * PAGE_SIZE);
      this.pageNumbers[slot] = page;
    }
    return base + (offset - page * PAGE_SIZE);
  }

  byte(offset: number): number {
    return this.pages[this.slot(offset)];
  }

  // `length` bytes at `offset`: a view into the cache when they lie in one page (valid until the
  // next read), else a copy.
  bytes(offset: number, length: number): Buffer {
    const first = this.slot(offset);
    if ((offset % PAGE_SIZE) + length <= PAGE_SIZE) return this.pages.subarray(first, first + length);
    const out = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; ) {
      const at = this.slot(offset + i);
      const n = Math.min(length - i, PAGE_SIZE - ((offset + i) % PAGE_SIZE));
      this.pages.copy(out, i, at, at + n);
      i += n;
    }
    return out;
  }

  // An unsigned big-endian integer of 0-4 bytes (one page look-up when they lie in one page, as
  // nearly all of a search tree's records do).
  uint(offset: number, length: number): number {
    let v = 0;
    if ((offset % PAGE_SIZE) + length <= PAGE_SIZE) {
      const at = this.slot(offset);
      for (let i = 0; i < length; i++) v = v * 256 + this.pages[at + i];
      return v;
    }
    for (let i = 0; i < length; i++) v = v * 256 + this.byte(offset + i);
    return v;
  }
}
