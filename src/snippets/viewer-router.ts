import express, { type Request, type Response, type Router } from 'express';
import type { HitLog } from '../common/hit-log.js';
import { visitorOf } from '../common/viewer-visits.js';
import type { ViewerService } from './viewer.service.js';

// The counted public pages, /live/{id} and /eyemail/{id} (the web view every email links to),
// served by a plain Express router mounted after the security headers and compression and before
// the session, CSRF and Nest's pipeline (app.factory.ts): a recipient's page needs no session (only
// the owner's preview, /livePreview, shows an inactive EyeMail) and sets no cookie. Each page is
// counted in the public-hit log (common/hit-log.ts) instead of a request-log line.
export function viewerRouter(viewer: ViewerService, log: HitLog): Router {
  const router = express.Router();
  for (const [path, page] of [
    ['/live/:id', 'live'],
    ['/eyemail/:id', 'webView'],
  ] as const) {
    router.get(path, async (req: Request, res: Response) => {
      const started = performance.now();
      const { status, html } = await viewer.countedPage(page, req.params.id as string, req.query as Record<string, unknown>, visitorOf(req));
      // Pages depend on the status of the EyeMail, so they are never cached, and so carry no ETag
      // (res.send would hash every page for one). Compression, when asked for, wraps res.end.
      const body = Buffer.from(html);
      res.statusCode = status;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Length', body.length);
      res.end(body);
      log.hit('viewer', status === 200 ? 'shown' : 'not found', started, req.method, req.path, status);
    });
  }
  return router;
}
