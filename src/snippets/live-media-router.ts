import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { Application } from 'express';
import type { EarlyHandler } from '../common/answer-first.js';
import { bareRequestFacts } from '../common/bare-request.js';
import { flatHeaders, type HeaderList } from '../common/captured-headers.js';
import { decodedSegment, splitUrl } from '../common/early-route.js';
import type { HitLog } from '../common/hit-log.js';
import { HSTS_VALUE } from '../common/strict-transport.js';
import type { SmallMediaCache } from '../storage/small-media-cache.service.js';
import { OPAQUE_TYPE } from '../storage/storage-keys.js';
import { LIVE_MEDIA_CACHE_CONTROL, MEDIA_CSP, type LiveMediaService } from './live-media.service.js';
import { BLANK_PNG } from './neutral-still.js';

const logger = new Logger('LiveMedia');

// The pictures of an exported email at their living addresses, /m/<id>/<gif|poster|logo|cover|
// icon> (live-media.service.ts decides what each answers): asked on every open, so answered on the
// HTTP server ahead of Express like the open pixel (app.factory.ts), from memory
// (storage/small-media-cache.service.ts) or by a redirect to the bucket. What stays: helmet's headers
// (captured once) with the media's own Content-Security-Policy, nosniff, Strict-Transport-Security
// over https, the brief caching and ETag of a living address, no cookie. The video (its ranges),
// an object too large to keep, and anything but GET and HEAD go on to Express (the Nest route).
export function liveMediaHandler(live: LiveMediaService, cache: SmallMediaCache, securityHeaders: HeaderList, log: HitLog, app: Application): EarlyHandler {
  const replaced = new Set(['content-security-policy', 'x-content-type-options']);
  const base: HeaderList = [...securityHeaders.filter(([name]) => !replaced.has(name.toLowerCase())), ['Content-Security-Policy', MEDIA_CSP], ['X-Content-Type-Options', 'nosniff']];
  const cached = [...base, ['Cache-Control', LIVE_MEDIA_CACHE_CONTROL]] as HeaderList;
  const headers = { http: flatHeaders(cached), https: flatHeaders([...cached, ['Strict-Transport-Security', HSTS_VALUE]]) };
  const factsOf = bareRequestFacts(app);

  // true: answered; false: for the Nest route.
  const answer = async (req: IncomingMessage, res: ServerResponse, id: string, file: string, path: string): Promise<boolean> => {
    const started = performance.now();
    const found = await live.answerFor(id, file);
    if (!found || found.kind === 'gone') return false; // the Nest route's JSON 404
    let body: { bytes: Buffer; etag: string; type: string } | null = null;
    if (found.kind === 'blank') body = { bytes: BLANK_PNG, etag: '"blank-v1"', type: 'image/png' };
    else if (found.kind === 'still') body = await live.stillOf(found);
    else {
      const object = await cache.living(found.url);
      if (object.kind === 'redirect') {
        const list = factsOf(req).secure ? headers.https : headers.http;
        res.writeHead(302, [...list, 'Location', object.url, 'Content-Length', '0']);
        res.end();
        log.hit('media', 'redirected', started, req.method!, path, 302);
        return true;
      }
      if (object.kind !== 'bytes' || object.object.contentType === OPAQUE_TYPE) return false;
      body = { bytes: object.object.bytes, etag: object.object.etag, type: object.object.contentType };
    }
    const list = factsOf(req).secure ? headers.https : headers.http;
    const tags = String(req.headers['if-none-match'] ?? '')
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''));
    if (tags.includes(body.etag) || tags.includes('*')) {
      res.writeHead(304, [...list, 'ETag', body.etag]);
      res.end();
      log.hit('media', 'not modified', started, req.method!, path, 304);
      return true;
    }
    res.writeHead(200, [...list, 'ETag', body.etag, 'Content-Type', body.type, 'Content-Length', String(body.bytes.length)]);
    res.end(body.bytes);
    log.hit('media', found.kind === 'stored' ? 'sent' : found.kind, started, req.method!, path, 200);
    return true;
  };

  return (req, res) => {
    const route = liveMediaRoute(req.method, req.url);
    if (!route) return false;
    answer(req, res, route.id, route.file, route.path)
      .then((answered) => {
        if (!answered) app(req as never, res as never);
      })
      .catch((e: unknown) => {
        logger.error({ err: e, path: route.path }, 'A living media address failed');
        if (!res.headersSent) res.writeHead(500, flatHeaders([...base, ['Cache-Control', 'no-store']]));
        res.end();
      });
    return true;
  };
}

// GET or HEAD /m/<id>/<file> for a picture (not the video); pure.
export function liveMediaRoute(method: string | undefined, url: string | undefined): { id: string; file: string; path: string } | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith('/m/')) return null;
  const { path } = splitUrl(url);
  const parts = path.split('/');
  if (parts.length !== 4 || !parts[2] || !parts[3]) return null;
  const file = decodedSegment(parts[3]);
  if (file === 'video.mp4') return null;
  return { id: decodedSegment(parts[2]), file, path };
}
