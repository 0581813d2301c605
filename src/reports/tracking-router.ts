import express, { type Request, type Response, type Router } from 'express';
import { setHeaders, type HeaderList } from '../common/captured-headers.js';
import type { HitLog } from '../common/hit-log.js';
import { strictTransportHeader } from '../common/strict-transport.js';
import { withRawRecipient } from '../shared/receiver.js';
import type { IngestOutcome } from './engagement-writer.service.js';
import type { IngestService } from './ingest.service.js';
import { TRANSPARENT_GIF } from './tracking-rules.js';
import { trackingRequest } from './tracking-request.js';

// What the logs call an outcome.
const OUTCOME_NAMES: Record<IngestOutcome, string> = { stored: 'stored', 'unknown-snippet': 'unknown snippet', failed: 'not stored (failed)' };

// The tracking addresses written into exported emails (outside /api/, see
// snippets/export/tracking-links.ts): the open pixel and the click redirect, the busiest routes by
// far. Served by a plain Express router mounted ahead of everything else (app.factory.ts), so a
// hit pays for none of what is of no use to it: no request-log line (HitLog sums them up), no
// session, cookie, CSRF or body parsing, no compression, no Nest pipeline. What stays: the
// security headers (helmet's, captured once at boot), Strict-Transport-Security over https, no
// caching, no cookie, and every hit stored before it is answered (the group-commit writer).
// Express answers HEAD through the GET routes (without a body); the method is stored, HEAD
// being a scanner's.
export function trackingRouter(ingest: IngestService, securityHeaders: HeaderList, log: HitLog): Router {
  const router = express.Router();
  const headers = (req: Request, res: Response) => {
    setHeaders(res, securityHeaders);
    const hsts = strictTransportHeader(req.secure);
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
  };

  router.get('/t/o/:pixel', async (req: Request, res: Response) => {
    const started = performance.now();
    headers(req, res);
    // v= from the raw URL: an address the platform did not URL-encode keeps its "+", "&" and "%".
    const outcome = await ingest.open(req.params.pixel as string, withRawRecipient(req.query as Record<string, unknown>, req.originalUrl), trackingRequest(req, res));
    res.statusCode = 200;
    res.setHeader('Content-Type', 'image/gif');
    res.setHeader('Content-Length', TRANSPARENT_GIF.length);
    res.end(TRANSPARENT_GIF);
    log.hit('open', OUTCOME_NAMES[outcome], started, req.method, req.path, 200);
  });

  router.get('/t/c/:id', async (req: Request, res: Response) => {
    const started = performance.now();
    headers(req, res);
    const meta = trackingRequest(req, res);
    const { location, outcome } = await ingest.click(req.params.id as string, withRawRecipient(req.query as Record<string, unknown>, req.originalUrl), meta);
    res.redirect(302, location);
    log.hit('click', OUTCOME_NAMES[outcome], started, req.method, req.path, 302);
  });

  return router;
}
