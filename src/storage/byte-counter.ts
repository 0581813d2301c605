import { Transform, type TransformCallback } from 'node:stream';
import { StorageTooLargeError } from './storage.adapter.js';

// Passes bytes through, counting them, and fails the pipeline once `maxBytes` is exceeded so an
// oversized upload stops at the limit instead of filling the disk or the bucket.
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes?: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
      done(new StorageTooLargeError(this.maxBytes));
      return;
    }
    done(null, chunk);
  }
}
