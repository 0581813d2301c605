import fs from 'node:fs';
import DecoderModule from 'mmdb-lib/lib/decoder.js';
import ipModule from 'mmdb-lib/lib/ip.js';
import { parseMetadata, type Metadata } from 'mmdb-lib/lib/metadata.js';

// CommonJS modules typed with `export default`: at run time the default is a property.
type DecoderClass = typeof DecoderModule.default;
type IpHelpers = typeof ipModule.default;
const Decoder = ((DecoderModule as { default?: unknown }).default ?? DecoderModule) as DecoderClass;
const ip = ((ipModule as { default?: unknown }).default ?? ipModule) as IpHelpers;

// The metadata sits in the last 128 KiB of the file (the MaxMind DB format's own limit).
const METADATA_MAX = 128 * 1024;
const DATA_SECTION_SEPARATOR = 16;
export const PAGE_SIZE = 4096;
const RECORD_CACHE_MAX = 10_000;

// A MaxMind DB file read without holding it in memory: the search tree (most of the file: 103 of
// the 134 MB of the two DB-IP files) stays on disk and is read by position through a fixed-size,
// direct-mapped cache of pages (`cachePages` x 4 KiB, 4 MiB by default, one buffer, no allocation per look-up), the
// operating system's page cache doing the rest; the data section (the records, 31 MB for both
// files) is read once and decoded by mmdb-lib's own decoder, so a look-up answers exactly what
// mmdb-lib's Reader (the maxmind package) answers for the same file. Synchronous reads: a few
// microseconds each from the page cache, at most one per tree page a look-up touches.
export class PagedMmdbReader {
  readonly metadata: Metadata;
  private readonly fd: number;
  private readonly pages: Buffer;
  private readonly pageNumbers: Float64Array;
  private readonly decoder: InstanceType<DecoderClass>;
  private readonly dataStart: number;
  private readonly ipv4StartNode: number;

  constructor(
    file: string,
    private readonly cachePages = 1024,
  ) {
    this.fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(this.fd).size;
      const tailSize = Math.min(size, METADATA_MAX);
      const tail = Buffer.alloc(tailSize);
      fs.readSync(this.fd, tail, 0, tailSize, size - tailSize);
      this.metadata = parseMetadata(tail);
      this.dataStart = this.metadata.searchTreeSize + DATA_SECTION_SEPARATOR;
      const data = Buffer.alloc(size - this.dataStart);
      fs.readSync(this.fd, data, 0, data.length, this.dataStart);
      const records = new Map<number, unknown>();
      this.decoder = new Decoder(data, 0, {
        get: (k: number) => records.get(k),
        set: (k: number, v: unknown) => {
          if (records.size >= RECORD_CACHE_MAX) records.delete(records.keys().next().value!);
          records.set(k, v);
        },
      });
    } catch (e) {
      fs.closeSync(this.fd);
      throw e;
    }
    this.pages = Buffer.alloc(cachePages * PAGE_SIZE);
    this.pageNumbers = new Float64Array(cachePages).fill(-1);
    this.ipv4StartNode = this.findIpv4Start();
  }

  // The record of the network holding `address`, or null.
  get<T = unknown>(address: string): T | null {
    const raw = ip.parse(address);
    const { nodeCount } = this.metadata;
    const bits = raw.length * 8;
    let node = raw.length === 4 ? this.ipv4StartNode : 0;
    for (let depth = 0; depth < bits && node < nodeCount; depth++) node = this.record(node, ip.bitAt(raw, depth));
    if (node <= nodeCount) return null;
    // A record past the node count points into the data section (the format's own arithmetic).
    return (this.decoder.decodeFast(node - nodeCount - DATA_SECTION_SEPARATOR) as { value: T }).value;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  // Left (0) or right (1) record of a tree node.
  private record(node: number, bit: number): number {
    const { recordSize, nodeByteSize } = this.metadata;
    const at = node * nodeByteSize;
    const b = (i: number) => this.byte(at + i);
    if (recordSize === 24) return bit ? (b(3) << 16) | (b(4) << 8) | b(5) : (b(0) << 16) | (b(1) << 8) | b(2);
    if (recordSize === 28) {
      return bit ? ((b(3) & 0x0f) << 24) | (b(4) << 16) | (b(5) << 8) | b(6) : ((b(3) & 0xf0) << 20) | (b(0) << 16) | (b(1) << 8) | b(2);
    }
    const o = bit ? 4 : 0;
    return ((b(o) << 24) >>> 0) + ((b(o + 1) << 16) | (b(o + 2) << 8) | b(o + 3));
  }

  private byte(offset: number): number {
    const page = Math.floor(offset / PAGE_SIZE);
    const slot = page % this.cachePages;
    const base = slot * PAGE_SIZE;
    if (this.pageNumbers[slot] !== page) {
      fs.readSync(this.fd, this.pages, base, PAGE_SIZE, page * PAGE_SIZE);
      this.pageNumbers[slot] = page;
    }
    return this.pages[base + (offset - page * PAGE_SIZE)];
  }

  // IPv4 addresses in an IPv6 tree sit under 96 zero bits (::a.b.c.d).
  private findIpv4Start(): number {
    if (this.metadata.ipVersion === 4) return 0;
    let node = 0;
    for (let i = 0; i < 96 && node < this.metadata.nodeCount; i++) node = this.record(node, 0);
    return node;
  }
}
