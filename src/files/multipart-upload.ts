import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ByteCounter } from '../storage/byte-counter.js';
import { StorageTooLargeError } from '../storage/storage.adapter.js';

// Receives the one file of a multipart/form-data request into a temporary file, counting bytes
// as they arrive: memory stays flat whatever the size, and the upload stops at the limit.

export type UploadFailure = 'no-file' | 'too-many' | 'empty' | 'too-large' | 'aborted' | 'malformed' | 'refused';

export class UploadError extends Error {
  constructor(
    public readonly reason: UploadFailure,
    // for 'refused': the message for the uploader
    message: string = reason,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface ReceivedFile {
  fileName: string;
  declaredType: string;
  size: number;
}

export interface ReceiveOptions {
  // where the bytes go (created exclusively; the caller removes it)
  tempFile: string;
  maxBytes: number;
  // Called with the part's name and declared type before any of its bytes are read; a message
  // refuses the file at once.
  check?: (fileName: string, declaredType: string) => string | null;
}

// After a refusal the rest of the body is read and thrown away, so the client (which is still
// sending) gets the answer instead of a reset connection. A client that declared its length is
// drained to the end of it; one streaming without a length is cut off after this much more, once
// the answer has gone out and the client has had a moment to read it (closing a connection with
// unread bytes in it resets it, and the client would see the reset, not the answer).
const DRAIN_UNDECLARED_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 2000;

export function discardRequestBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  const declared = req.headers['content-length'] !== undefined;
  // Express links the response; without it the connection is cut as soon as the limit is passed.
  const res = (req as IncomingMessage & { res?: ServerResponse }).res;
  if (!declared && res && !res.headersSent) res.setHeader('Connection', 'close');
  let extra = 0;
  let cutting = false;
  const cut = () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  req.on('data', (chunk: Buffer) => {
    extra += chunk.length;
    if (declared || cutting || extra <= DRAIN_UNDECLARED_BYTES) return;
    cutting = true;
    if (!res || res.writableFinished) cut();
    else res.once('finish', cut).once('close', cut);
  });
  req.on('error', () => undefined);
  req.resume();
}

export function receiveSingleFile(req: IncomingMessage, opts: ReceiveOptions): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // Only the first file is used; text fields are tolerated (the widget may add some) but small.
        limits: { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 40, headerPairs: 50 },
      });
    } catch {
      discardRequestBody(req);
      reject(new UploadError('malformed'));
      return;
    }

    let settled = false;
    let fileStream: Readable | null = null;
    let writing: Promise<number> | null = null;
    let file: { fileName: string; declaredType: string } | null = null;

    const fail = (error: UploadError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      fileStream?.destroy();
      discardRequestBody(req);
      // The temporary file is closed before the caller removes it.
      void (writing ?? Promise.resolve()).catch(() => undefined).then(() => reject(error));
    };

    parser.on('file', (_field: string, stream: Readable, info: busboy.FileInfo) => {
      if (file) {
        stream.resume();
        fail(new UploadError('too-many'));
        return;
      }
      file = { fileName: info.filename ?? '', declaredType: info.mimeType ?? '' };
      const refusal = opts.check?.(file.fileName, file.declaredType) ?? null;
      if (refusal) {
        stream.resume();
        fail(new UploadError('refused', refusal));
        return;
      }
      fileStream = stream;
      const counter = new ByteCounter(opts.maxBytes);
      writing = pipeline(stream, counter, fs.createWriteStream(opts.tempFile, { flags: 'wx' })).then(() => counter.bytes);
      writing.catch((e: unknown) => fail(e instanceof StorageTooLargeError ? new UploadError('too-large') : new UploadError('aborted')));
    });
    parser.on('filesLimit', () => fail(new UploadError('too-many')));
    parser.on('partsLimit', () => fail(new UploadError('malformed')));
    parser.on('fieldsLimit', () => fail(new UploadError('malformed')));
    parser.on('error', () => fail(new UploadError(req.complete ? 'malformed' : 'aborted')));
    parser.on('close', () => {
      if (settled) return;
      if (!file || !writing) return fail(new UploadError('no-file'));
      writing.then(
        (size) => {
          if (settled) return;
          if (size === 0) return fail(new UploadError('empty'));
          settled = true;
          resolve({ ...file!, size });
        },
        () => undefined,
      );
    });
    // The client went away mid-upload (cancelled, network lost).
    req.on('close', () => {
      if (!req.complete) fail(new UploadError('aborted'));
    });
    req.on('error', () => fail(new UploadError('aborted')));
    req.pipe(parser);
  });
}
