import fs from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

// Enough for every format file-type knows by its opening bytes.
const SNIFF_BYTES = 4100;

// What a file really is, from its first bytes (magic numbers), whatever its name says. Only the
// opening bytes are read, so a large video costs one small read.
export async function sniffFileType(filePath: string): Promise<string | null> {
  const handle = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) return null;
    const found = await fileTypeFromBuffer(head.subarray(0, bytesRead));
    return found?.ext ?? null;
  } finally {
    await handle.close();
  }
}
