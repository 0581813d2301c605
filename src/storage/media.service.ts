import { Inject, Injectable, Logger } from '@nestjs/common';
import { pipeline, type Readable } from 'node:stream';
import type { Request, Response } from 'express';
import type { Envelope } from '../common/api-response.js';
import { contentRange, isNotModified, parseRangeHeader, rangeStillValid } from './http-range.js';
import { isMediaType, isValidStorageKey, OPAQUE_TYPE } from './storage-keys.js';
import { IMMUTABLE_CACHE_CONTROL, STORAGE, type StorageAdapter } from './storage.adapter.js';

// Stored media must never run as a page on our origin, whatever its bytes are.
const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

// Serves stored media at /media/<key> (outside /api/): local files with Range support, bucket
// objects by redirect. Immutable keys let browsers, CDNs and mail proxies cache for a year.
@Injectable()
export class MediaService {
  private readonly logger = new Logger('Media');

  constructor(@Inject(STORAGE) private readonly storage: StorageAdapter) {}

  // A living EyeMail's media address (snippets/live-media.service.ts): the object a public URL of
  // ours names, answered as `send` does but cached briefly (the address serves whatever version
  // is current); a URL that is not ours (none is expected) is redirected to.
  async sendCurrent(url: string, req: Request, res: Response, cacheControl: string): Promise<void> {
    const key = this.storage.keyOfPublicUrl(url);
    if (key) return this.send(key, req, res, cacheControl);
    res.removeHeader('Set-Cookie');
    res.setHeader('Cache-Control', cacheControl);
    res.redirect(302, url);
  }

  async send(key: string, req: Request, res: Response, cacheControl = IMMUTABLE_CACHE_CONTROL): Promise<void> {
    // Public, cacheable responses carry no cookies: drop the CSRF cookie the middleware may have
    // set, and detach the session so the (rolling) session cookie is not re-sent either; a
    // shared cache must never store someone's session with a year-long media response.
    res.removeHeader('Set-Cookie');
    delete (req as { session?: unknown }).session;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!isValidStorageKey(key)) return this.fail(res, 400, 'That media address is not valid.');

    if (this.storage.kind !== 'local') {
      // The object itself is immutable; a living address's redirect is cached as briefly as it is.
      res.setHeader('Cache-Control', cacheControl === IMMUTABLE_CACHE_CONTROL ? 'public, max-age=3600' : cacheControl);
      res.redirect(302, this.storage.publicUrl(key));
      return;
    }

    const object = await this.storage.stat(key);
    if (!object) return this.fail(res, 404, 'Not found.');

    const validators = { etag: object.etag, lastModified: object.updatedAt };
    // A living address may switch to an older object (an edit undone): judged by its ETag only.
    const living = cacheControl !== IMMUTABLE_CACHE_CONTROL;
    const ifModifiedSince = living ? undefined : req.get('if-modified-since');
    const notModified = isNotModified({ ifNoneMatch: req.get('if-none-match'), ifModifiedSince }, validators);
    let range = parseRangeHeader(req.get('range'), object.size);
    if (range.type !== 'full' && !rangeStillValid(req.get('if-range'), validators)) range = { type: 'full' };
    const slice = range.type === 'partial' ? { start: range.start, end: range.end } : undefined;

    // The file is opened before anything of the answer is set: one deleted between the look-up
    // above and here (a picture whose upload was cancelled) is the same 404 as one never stored,
    // not a connection reset mid-answer.
    const sendsBody = !notModified && range.type !== 'unsatisfiable' && req.method !== 'HEAD' && object.size > 0;
    const stream = sendsBody ? this.storage.createReadStream(key, slice) : null;
    const failed = stream && (await whenOpen(stream));
    if (stream && failed) {
      stream.destroy();
      if ((failed as NodeJS.ErrnoException).code === 'ENOENT') return this.fail(res, 404, 'Not found.');
      this.logger.warn(`Opening ${key} failed: ${failed.message}`);
      return this.fail(res, 500, 'The file could not be read. Please try again.');
    }

    const media = isMediaType(object.contentType);
    res.setHeader('Content-Type', media ? object.contentType : OPAQUE_TYPE);
    if (!media) res.setHeader('Content-Disposition', 'attachment');
    res.setHeader('Content-Security-Policy', MEDIA_CSP);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', object.etag);
    if (!living) res.setHeader('Last-Modified', object.updatedAt.toUTCString());

    if (notModified) {
      res.status(304).end();
      return;
    }
    if (range.type === 'unsatisfiable') {
      res.setHeader('Content-Range', contentRange(range, object.size)!);
      return this.fail(res, 416, 'The requested range is not satisfiable.', false);
    }
    res.status(slice ? 206 : 200);
    res.setHeader('Content-Length', String(slice ? slice.end - slice.start + 1 : object.size));
    if (slice) res.setHeader('Content-Range', contentRange(range, object.size)!);
    if (!stream) {
      res.end();
      return;
    }
    // The client may have gone while the object was being opened: nothing to send it.
    if (res.destroyed) {
      stream.destroy();
      return;
    }
    pipeline(stream, res, (err) => {
      // A client closing the connection mid-video is normal; anything else is worth a line.
      if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn(`Streaming ${key} failed: ${err.message}`);
    });
  }

  private fail(res: Response, status: number, message: string, resetCaching = true): void {
    if (resetCaching) {
      for (const h of ['ETag', 'Last-Modified', 'Accept-Ranges', 'Content-Disposition']) res.removeHeader(h);
    }
    res.setHeader('Cache-Control', 'no-store');
    // res.json keeps a Content-Type set earlier (the media type); this answer is JSON.
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    const body: Envelope = { result: false, message, body: null, errors: null };
    res.status(status).json(body);
  }
}

// Resolves once a file stream has opened its file (null) or failed to (the error); at once for a
// stream that is not opening a file.
function whenOpen(stream: Readable): Promise<Error | null> {
  if (!(stream as Readable & { pending?: boolean }).pending) return Promise.resolve(null);
  return new Promise((resolve) => {
    const ready = () => {
      stream.off('error', failed);
      resolve(null);
    };
    const failed = (e: Error) => {
      stream.off('ready', ready);
      resolve(e);
    };
    stream.once('ready', ready).once('error', failed);
  });
}
