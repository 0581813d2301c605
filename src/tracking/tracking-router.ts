import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { Logger } from '@nestjs/common';
import type { Application } from 'express';
import type { EarlyHandler } from '../common/answer-first.js';
import { bareRequestFacts } from '../common/bare-request.js';
import { flatHeaders, type HeaderList } from '../common/captured-headers.js';
import type { HitLog } from '../common/hit-log.js';
import { HSTS_VALUE } from '../common/strict-transport.js';
import { decodeRecipientParam, rawRecipientParam, withRawRecipient } from '../shared/receiver.js';
import type { IngestOutcome } from './engagement-writer.service.js';
import type { IngestService, TrackingRequest } from './ingest.service.js';
import { encodeLocation, redirectBody, trackingRoute } from './tracking-http.js';
import { TRANSPARENT_GIF } from './tracking-rules.js';

const logger = new Logger('Tracking');

// What the logs call an outcome.
const OUTCOME_NAMES: Record<IngestOutcome, string> = { stored: 'stored', 'unknown-snippet': 'unknown snippet', failed: 'not stored (failed)' };


// The tracking addresses written into exported emails (outside /api/, see
// snippets/export/tracking-links.ts): the open pixel and the click redirect, the busiest routes by
// far. Answered ahead of Express itself (app.factory.ts puts this first on the HTTP server), so a
// hit pays for none of what is of no use to it: no request object dressed by Express, no router,
// no request-log line (HitLog sums them up), no session, cookie, CSRF or body parsing, no
// compression, no Nest pipeline. What stays: the security headers (helmet's, captured once at boot)
// sent in one writeHead, Strict-Transport-Security over https, no caching, no cookie, and every hit
// stored before it is answered (the group-commit writer, into the ingest's journal). GET and HEAD (a scanner's; stored with
// its method; Node sends no body); anything else goes on to Express (and its 404). Answers whether
// it took the request.
export function trackingHandler(ingest: IngestService, securityHeaders: HeaderList, log: HitLog, app: Application): EarlyHandler {
  const noStore: HeaderList = [...securityHeaders, ['Cache-Control', 'no-store'], ['Pragma', 'no-cache']];
  const gifHeaders = [...noStore, ['Content-Type', 'image/gif'], ['Content-Length', TRANSPARENT_GIF.length]] as const;
  const gif = { http: flatHeaders(gifHeaders), https: flatHeaders([...gifHeaders, ['Strict-Transport-Security', HSTS_VALUE]]) };
  const plain = { http: flatHeaders(noStore), https: flatHeaders([...noStore, ['Strict-Transport-Security', HSTS_VALUE]]) };

  const factsOf = bareRequestFacts(app);

  const answer = async (req: IncomingMessage, res: ServerResponse, kind: 'open' | 'click', id: string, path: string, search: string) => {
    const started = performance.now();
    const { ip, secure } = factsOf(req);
    const meta: TrackingRequest = { at: new Date(), method: req.method!, ip, userAgent: req.headers['user-agent'] ?? null };
    // v= from the raw URL: an address the platform did not URL-encode keeps its "+", "&" and "%".
    // An open reads v= only: taken from the raw URL without parsing the rest of the query.
    const rawV = kind === 'open' ? rawRecipientParam(req.url!) : undefined;
    const query = rawV !== undefined ? { v: decodeRecipientParam(rawV) } : withRawRecipient(querystring.parse(search) as Record<string, unknown>, req.url!);
    if (kind === 'open') {
      const outcome = await ingest.open(id, query, meta);
      res.writeHead(200, secure ? gif.https : gif.http);
      res.end(TRANSPARENT_GIF);
      log.hit('open', OUTCOME_NAMES[outcome], started, req.method!, path, 200);
      return;
    }
    const { location, outcome } = await ingest.click(id, query, meta);
    const href = encodeLocation(location);
    const { type, body } = redirectBody(href, req.headers.accept);
    res.writeHead(302, [...(secure ? plain.https : plain.http), 'Location', href, 'Vary', 'Accept', 'Content-Type', type, 'Content-Length', String(Buffer.byteLength(body))]);
    res.end(body);
    log.hit('click', OUTCOME_NAMES[outcome], started, req.method!, path, 302);
  };

  return (req, res) => {
    const route = trackingRoute(req.method, req.url);
    if (!route) return false;
    answer(req, res, route.kind, route.id, route.path, route.search).catch((e: unknown) => {
      // The ingest never throws (it answers 'failed'): this is a bug, answered as one.
      logger.error({ err: e, path: route.path }, 'A tracking hit failed');
      if (!res.headersSent) res.writeHead(500, plain.http);
      res.end();
    });
    return true;
  };
}
