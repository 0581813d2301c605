import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { Logger } from '@nestjs/common';
import type { Application } from 'express';
import type { EarlyHandler } from '../common/answer-first.js';
import { bareRequestFacts } from '../common/bare-request.js';
import { flatHeaders, type HeaderList } from '../common/captured-headers.js';
import type { HitLog } from '../common/hit-log.js';
import { compressBody, wholeBodyEncoding } from '../common/http-compression.js';
import { HSTS_VALUE } from '../common/strict-transport.js';
import { viewerRoute, type ViewerRoute } from './viewer-http.js';
import type { ViewerService } from './viewer.service.js';

const logger = new Logger('Viewer');

// The counted public pages, /live/{id} and /eyemail/{id} (the web view every email links to),
// answered on the HTTP server ahead of Express, like the tracking addresses (app.factory.ts): a
// recipient's page needs no session (only the owner's preview, /livePreview, shows an inactive
// EyeMail), no cookie, no body and none of Express's routing. What stays: the security headers
// (helmet's, captured once at boot) sent in one writeHead, Strict-Transport-Security over https,
// no caching, compression when the client takes it (as the compression middleware would send
// it), and the visit stored before the page is answered. Each page is counted in the public-hit
// log (common/hit-log.ts) instead of a request-log line. Answers whether it took the request.
export function viewerHandler(viewer: ViewerService, securityHeaders: HeaderList, log: HitLog, app: Application): EarlyHandler {
  // Pages depend on the status of the EyeMail, so they are never cached, and so carry no ETag.
  const page: HeaderList = [...securityHeaders, ['Cache-Control', 'no-store'], ['Content-Type', 'text/html; charset=utf-8'], ['Vary', 'Accept-Encoding']];
  const headers = { http: flatHeaders(page), https: flatHeaders([...page, ['Strict-Transport-Security', HSTS_VALUE]]) };
  const plain = flatHeaders(securityHeaders);
  const factsOf = bareRequestFacts(app);

  const answer = async (req: IncomingMessage, res: ServerResponse, route: ViewerRoute) => {
    const started = performance.now();
    const { ip, secure } = factsOf(req);
    const visitor = { at: new Date(), method: req.method!, ip, userAgent: req.headers['user-agent'] ?? null };
    // Express's "simple" query parser.
    const query = querystring.parse(route.search) as Record<string, unknown>;
    const { status, body } = await viewer.countedPage(route.page, route.id, query, visitor);
    const encoding = wholeBodyEncoding(req.method, req.headers['accept-encoding'], body.length);
    const sent = encoding ? await compressBody(body, encoding) : body;
    const list = secure ? headers.https : headers.http;
    res.writeHead(status, encoding ? [...list, 'Content-Encoding', encoding, 'Content-Length', String(sent.length)] : [...list, 'Content-Length', String(sent.length)]);
    res.end(sent);
    log.hit('viewer', status === 200 ? 'shown' : 'not found', started, req.method!, route.path, status);
  };

  return (req, res) => {
    const route = viewerRoute(req.method, req.url);
    if (!route) return false;
    answer(req, res, route).catch((e: unknown) => {
      logger.error({ err: e, path: route.path }, 'A viewer page failed');
      if (!res.headersSent) res.writeHead(500, plain);
      res.end();
    });
    return true;
  };
}
