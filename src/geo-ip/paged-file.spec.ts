import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZE, PagedFile } from './paged-file.js';

describe('PagedFile', () => {
  it('reads the same bytes as the file holds, across pages and after evictions', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paged-file-'));
    const file = path.join(dir, 'data.bin');
    const content = Buffer.alloc(PAGE_SIZE * 10 + 123);
    for (let i = 0; i < content.length; i++) content[i] = (i * 31 + (i >> 8)) & 0xff;
    fs.writeFileSync(file, content);
    const fd = fs.openSync(file, 'r');
    try {
      // Two slots for eleven pages: almost every read evicts.
      const paged = new PagedFile(fd, 2);
      for (const [offset, length] of [[0, 1], [PAGE_SIZE - 2, 5], [PAGE_SIZE * 3 - 1, PAGE_SIZE * 2 + 2], [PAGE_SIZE * 10, 123], [17, 4]]) {
        expect([offset, Buffer.from(paged.bytes(offset, length))]).toEqual([offset, content.subarray(offset, offset + length)]);
        expect(paged.byte(offset)).toBe(content[offset]);
      }
      expect(paged.uint(PAGE_SIZE - 2, 4)).toBe(content.readUInt32BE(PAGE_SIZE - 2));
      expect(paged.size).toBe(content.length);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
