import fs from 'node:fs';
import ipModule from 'mmdb-lib/lib/ip.js';
import { parseMetadata, type Metadata } from 'mmdb-lib/lib/metadata.js';
import { MmdbDecoder } from './mmdb-decoder.js';
import { PagedFile } from './paged-file.js';
import { RecentCache } from '../common/recent-cache.js';

// A CommonJS module typed with `export default`: at run time the default is a property.
type IpHelpers = typeof ipModule.default;
const ip = ((ipModule as { default?: unknown }).default ?? ipModule) as IpHelpers;

// The metadata sits in the last 128 KiB of the file (the MaxMind DB format's own limit).
const METADATA_MAX = 128 * 1024;
const DATA_SECTION_SEPARATOR = 16;
const RECORDS_MAX = 5_000;

// A MaxMind DB file read without holding it in memory (Node has no mmap; the mmap packages build
// native code). The search tree (103 of the 134 MB of the two DB-IP files) and the data section
// (31 MB) stay on disk and are read by position through fixed page caches (paged-file.ts: by
// default 4 MiB for the tree, whose top levels every look-up walks, and 1 MiB for the records),
// the operating system's page cache doing the rest; recently decoded records are kept. Answers
// are exactly mmdb-lib's Reader's for the same file: the tree walk and the
// decoder (mmdb-decoder.ts) follow it, and mmdb-paged-reader.spec.ts compares them address by
// address.
export class PagedMmdbReader {
  readonly metadata: Metadata;
  private readonly fd: number;
  private readonly tree: PagedFile;
  private readonly decoder: MmdbDecoder;
  private readonly records = new RecentCache<number, unknown>(RECORDS_MAX);
  private readonly ipv4StartNode: number;

  constructor(file: string, treePages = 1024, dataPages = 256) {
    this.fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(this.fd).size;
      const tailSize = Math.min(size, METADATA_MAX);
      const tail = Buffer.alloc(tailSize);
      fs.readSync(this.fd, tail, 0, tailSize, size - tailSize);
      this.metadata = parseMetadata(tail);
    } catch (e) {
      fs.closeSync(this.fd);
      throw e;
    }
    this.tree = new PagedFile(this.fd, treePages);
    this.decoder = new MmdbDecoder(new PagedFile(this.fd, dataPages), this.metadata.searchTreeSize + DATA_SECTION_SEPARATOR);
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
    const offset = node - nodeCount - DATA_SECTION_SEPARATOR;
    let value = this.records.get(offset);
    if (value === undefined) {
      value = this.decoder.decode(offset).value;
      this.records.set(offset, value);
    }
    return value as T;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  // Left (0) or right (1) record of a tree node.
  private record(node: number, bit: number): number {
    const { recordSize, nodeByteSize } = this.metadata;
    const at = node * nodeByteSize;
    if (recordSize === 24) return this.tree.uint(at + (bit ? 3 : 0), 3);
    if (recordSize === 28) {
      const middle = this.tree.byte(at + 3);
      return bit ? (middle & 0x0f) * 2 ** 24 + this.tree.uint(at + 4, 3) : ((middle & 0xf0) >> 4) * 2 ** 24 + this.tree.uint(at, 3);
    }
    return this.tree.uint(at + (bit ? 4 : 0), 4);
  }

  // IPv4 addresses in an IPv6 tree sit under 96 zero bits (::a.b.c.d).
  private findIpv4Start(): number {
    if (this.metadata.ipVersion === 4) return 0;
    let node = 0;
    for (let i = 0; i < 96 && node < this.metadata.nodeCount; i++) node = this.record(node, 0);
    return node;
  }
}
