import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ByteCounter } from '../storage/byte-counter.js';
import { StorageTooLargeError } from '../storage/storage.adapter.js';

// Receives the one file of a multipart/form-data request into a temporary file, counting bytes
// as they arrive: memory stays flat whatever the size, and the upload stops at the limit.

export type UploadFailure = 'no-file' | 'too-many' | 'empty' | 'too-large' | 'aborted' | 'malformed' | 'refused' | 'stalled';

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

// The form field the file must come in (what the dashboard and the API document send).
export const FILE_FIELD = 'file';

export interface ReceiveOptions {
  // where the bytes go (created exclusively; the caller removes it)
  tempFile: string;
  maxBytes: number;
  // A client that sends nothing for this long is answered (408) and let go.
  idleTimeoutMs: number;
  // Called with the part's name and declared type before any of its bytes are read; a message
  // refuses the file at once.
  check?: (fileName: string, declaredType: string) => string | null;
}

// After a refusal the rest of the body is read and thrown away, so the client (which is still
// sending) gets the answer instead of a reset connection. Closing a socket with unread bytes in
// it sends a reset, and a client whose write meets the reset before it has read the answer loses
// the answer; Node closes that way as soon as an answer marked `Connection: close` is written
// (marked by this server, or asked for by the client: a Node client without an agent does).
// So the connection gets a lingering close instead: once the answer has gone out, the server
// half-closes (the client reads the answer, then the end of the stream) and goes on reading
// what the client still sends until it stops for LINGER_IDLE_MS or LINGER_MAX_MS have passed.
// A client that declared its length and keeps the connection is drained to the end of it; one
// streaming without a length is told the connection closes. A client that stops sending while
// it is drained is cut off after the idle timeout: a stalled connection holds a descriptor. That
// silence is counted from the moment the answer has gone out, never before: a stalled client is
// silent already, and an answer slower than the timeout (a loaded machine removing the temporary
// file) would otherwise find its connection cut and the client would get no answer at all. A
// handler that never answers is bounded by the server's request timeout (files.module.ts).
const LINGER_IDLE_MS = 2000;
const LINGER_MAX_MS = 10_000;
export const DEFAULT_UPLOAD_IDLE_MS = 30_000;

export function discardRequestBody(req: IncomingMessage, idleTimeoutMs = DEFAULT_UPLOAD_IDLE_MS): void {
  if (req.complete || req.destroyed) return;
  const declared = req.headers['content-length'] !== undefined;
  // Express links the response; without it there is no answer to wait for.
  const res = (req as IncomingMessage & { res?: ServerResponse }).res;
  const socket = req.socket;
  if (!declared && res && !res.headersSent) res.setHeader('Connection', 'close');
  const timers: NodeJS.Timeout[] = [];
  const stop = () => timers.forEach((timer) => clearTimeout(timer));
  const cut = () => {
    stop();
    socket.destroy();
  };
  let idle: NodeJS.Timeout | null = null;
  let lingering = false;
  // The body was read to its end: the connection is healthy again (and may serve the next request).
  let drained = false;
  const watchSilence = () => {
    if (drained || idle || lingering || socket.destroyed) return;
    idle = setTimeout(cut, idleTimeoutMs).unref();
    timers.push(idle);
  };
  if (!res || res.writableFinished || res.destroyed) watchSilence();
  else res.once('finish', watchSilence);
  const linger = () => {
    if (lingering || socket.destroyed) return;
    lingering = true;
    socket.end();
    if (idle) clearTimeout(idle);
    idle = setTimeout(cut, Math.min(LINGER_IDLE_MS, idleTimeoutMs)).unref();
    timers.push(idle, setTimeout(cut, LINGER_MAX_MS).unref());
  };
  // What Node calls once an answer marked `Connection: close` is written; the socket's own
  // again once the body has been read to its end (nothing is left unread then).
  const closeAtOnce = socket.destroySoon;
  socket.destroySoon = linger;
  if (!declared) {
    if (!res || res.writableFinished || res.destroyed) linger();
    else res.once('finish', linger);
  }
  req.on('data', () => idle?.refresh());
  // While it lingers, the timers end it whether or not the client finishes its body.
  req.once('end', () => {
    if (lingering) return;
    drained = true;
    stop();
    socket.destroySoon = closeAtOnce;
  });
  req.once('close', () => {
    if (!lingering) stop();
  });
  socket.once('close', stop);
  req.on('error', () => undefined);
  req.resume();
}

// Exactly one file, in the "file" field, after any text fields: two files, a file under another
// name, a field after the file, a body cut short or a client that stops sending are refused
// promptly, with the temporary file closed before the promise settles (the caller removes it).
export function receiveSingleFile(req: IncomingMessage, opts: ReceiveOptions): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // One file; a second one is counted (and refused) rather than skipped in silence. Text
        // fields are tolerated before the file (the widget may add some) but small.
        limits: { files: 2, fields: 20, fieldSize: 16 * 1024, parts: 40, headerPairs: 50 },
      });
    } catch {
      discardRequestBody(req, opts.idleTimeoutMs);
      reject(new UploadError('malformed'));
      return;
    }

    let settled = false;
    let fileStream: Readable | null = null;
    let writing: Promise<number> | null = null;
    let file: { fileName: string; declaredType: string } | null = null;

    // Re-armed by every chunk; while the server itself holds the body back (the disk is slower
    // than the network) the client is not idle.
    const idle = setTimeout(function onIdle() {
      if (req.isPaused()) idle.refresh();
      else fail(new UploadError('stalled'));
    }, opts.idleTimeoutMs);
    req.on('data', () => idle.refresh());
    req.once('end', () => clearTimeout(idle));

    const fail = (error: UploadError) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      parser.destroy();
      fileStream?.destroy(error);
      discardRequestBody(req, opts.idleTimeoutMs);
      // The temporary file is closed before the caller removes it.
      void (writing ?? Promise.resolve()).catch(() => undefined).then(() => reject(error));
    };

    parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      // Destroying the parser errors the part it is in; a refused part's error is expected.
      stream.on('error', () => undefined);
      if (file || field !== FILE_FIELD) {
        stream.resume();
        fail(new UploadError(file ? 'too-many' : 'malformed'));
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
    // Fields come before the file: one after it is not a form we sent.
    parser.on('field', () => {
      if (file) fail(new UploadError('malformed'));
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
          clearTimeout(idle);
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
