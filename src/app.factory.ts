import 'reflect-metadata';
import path from 'node:path';
import express from 'express';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/config.js';
import { MigrationsService } from './database/migrations.service.js';
import { AppSecretRepository } from './common/app-secret.repository.js';
import { PgSessionStore } from './common/session-store.js';
import { csrfMiddleware } from './common/csrf.middleware.js';
import { rejectNulInput } from './common/nul-input.js';
import { routesOutsideApi } from './common/public-routes.js';
import { publicAssetsDir, webDistDir } from './common/paths.js';
import { WebAppService } from './common/web-app.service.js';
import { isApiPath } from './common/http-exception.filter.js';
import { PLAY_REPORT_PATH, playReportBodyParser } from './tracking/play-report.body.js';
import { compressionMiddleware, precompressedAssets } from './common/http-compression.js';
import { isCookielessPath, noCookiesOnPublicPaths } from './common/no-cookies.middleware.js';
import { cspDirectives } from './common/content-security-policy.js';
import { strictTransportOverHttps } from './common/strict-transport.js';
import { forwardedForWarning } from './common/forwarded-for-warning.js';
import { SESSION_COOKIE } from './accounts/session-cookie.js';
import { isNeverStaticFile, isTrackingPath, unless } from './common/route-skips.js';
import { capturedHeaders } from './common/captured-headers.js';
import { HitLog } from './common/hit-log.js';
import { summarisedRoute } from './common/request-log.js';
import { IngestService } from './tracking/ingest.service.js';
import { trackingHandler } from './tracking/tracking-router.js';
import { answerFirst } from './common/answer-first.js';
import { ViewerService } from './snippets/viewer.service.js';
import { viewerHandler } from './snippets/viewer-router.js';
import { LiveMediaService } from './snippets/live-media.service.js';
import { liveMediaHandler } from './snippets/live-media-router.js';
import { SmallMediaCache } from './storage/small-media-cache.service.js';

export { SESSION_COOKIE };

// Builds the whole HTTP application; used by main.ts and by the API tests alike (`logTo`: a
// stream the logs go to instead of stdout, for a test that reads them).
export async function createApp(config: AppConfig, logTo?: DestinationStream): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logTo), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy ? 1 : false);
  const proxyLogger = new NestLogger('Proxy');
  const warnForwarded = forwardedForWarning(config.trustProxy, (m) => proxyLogger.warn(m));
  app.disable('x-powered-by');

  await app.get(MigrationsService).migrate();
  // SESSION_SECRET, or one generated once and shared through the database.
  const secret = config.sessionSecret ?? (await app.get(AppSecretRepository).loadOrCreate('session'));

  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: cspDirectives(config),
    },
    crossOriginEmbedderPolicy: false,
    // Exported media is loaded by mail clients and other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Only over https (strict-transport.ts), never on a plain-http response.
    strictTransportSecurity: false,
  });
  // The public hits (open pixel, click, viewer page, media, play reports) are counted and summed
  // up in the logs instead of a request-log line each (common/hit-log.ts; its last summary when
  // the app closes).
  const hits = app.get(HitLog);
  // The tracking addresses and the recipients' viewer pages, ahead of Express itself: helmet's
  // headers (captured once), no session, cookie, body or Nest pipeline (tracking/tracking-router.ts,
  // snippets/viewer-router.ts).
  const pageHeaders = capturedHeaders(securityHeaders);
  const express5 = app.getHttpAdapter().getInstance();
  answerFirst(
    app.getHttpServer() as import('node:http').Server,
    [
      trackingHandler(app.get(IngestService), pageHeaders, hits, express5),
      viewerHandler(app.get(ViewerService), pageHeaders, hits, express5),
      // an exported email's pictures at their living addresses (snippets/live-media-router.ts)
      liveMediaHandler(app.get(LiveMediaService), app.get(SmallMediaCache), pageHeaders, hits, express5),
    ],
    (req) => warnForwarded(req as express.Request, undefined as unknown as express.Response, () => undefined),
  );
  // The media and the viewer's play reports, answered by Express: counted into the same summary
  // (no request-log line each: app.module.ts).
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    const route = summarisedRoute(req.path);
    if (route) {
      const started = performance.now();
      res.once('finish', () => hits.hit(route, `status ${res.statusCode}`, started, req.method, req.path, res.statusCode));
    }
    next();
  });
  app.use(securityHeaders);
  app.use(strictTransportOverHttps());
  // Other paths under the tracking prefix skip the same (common/route-skips.ts). The no-cookie
  // guard stays on them all the same.
  app.use(unless(isTrackingPath, compressionMiddleware()));
  app.use(noCookiesOnPublicPaths());
  // The dashboard's built files and the public static files, before cookies and the session: a file
  // needs neither, and through the session each one cost a read and a renewal of the session row (a
  // page load fetches a dozen at once). Built assets are content-hashed: cached for a year.
  // index.html is never cached (it is the pages' route, below).
  app.use('/assets', precompressedAssets(path.join(webDistDir, 'assets'), 365 * 24 * 3600));
  app.use(
    '/assets',
    express.static(path.join(webDistDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
  );
  // Not for the public routes: no file of the build is named like them, and the look-up costs a
  // file-system stat on every hit.
  app.use(unless(isNeverStaticFile, express.static(webDistDir, { index: false, maxAge: '1h' })));
  app.use('/static', express.static(publicAssetsDir, { index: false, maxAge: '7d' }));
  app.use(unless(isTrackingPath, cookieParser()));
  // The viewer's play reports read their own body (at most 4 KB, JSON sent as any type).
  app.use(PLAY_REPORT_PATH, ...playReportBodyParser());
  app.use(unless(isTrackingPath, express.json({ limit: '100kb' })));
  app.use(unless(isTrackingPath, express.urlencoded({ extended: false, limit: '100kb' })));
  // sendBeacon posts text/plain.
  app.use(unless(isTrackingPath, express.text({ limit: '10kb' })));
  app.use(rejectNulInput());

  const store = app.get(PgSessionStore);
  app.use(
    unless(
      isTrackingPath,
      session({
        name: SESSION_COOKIE,
        secret,
        store,
        resave: false,
        saveUninitialized: false,
        rolling: true,
        // Secure always with SECURE_COOKIES (an https PUBLIC_BASE_URL), otherwise whenever the request
        // came over https (behind a proxy: its X-Forwarded-Proto, read with TRUST_PROXY).
        cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies ? true : 'auto', path: '/' },
      }),
    ),
  );
  // A token issued on a public page's GET would be stripped with its cookie (no-cookies.middleware.ts).
  const csrf = csrfMiddleware({ secure: config.secureCookies });
  const noTokenNeeded = (req: express.Request) =>
    isTrackingPath(req.path) || ((req.method === 'GET' || req.method === 'HEAD') && isCookielessPath(req.path));
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => (noTokenNeeded(req) ? next() : csrf(req, res, next)));


  app.setGlobalPrefix('api', { exclude: routesOutsideApi });

  const docs = new DocumentBuilder()
    .setTitle('EyeMail API')
    .setDescription(
      'Every JSON response is an envelope { result, message, body, errors }. State-changing calls that need a session ' +
        'must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.',
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE)
    // bearerFormat: the tokens are opaque eym_ strings; addBearerAuth would say 'JWT' by default.
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'eym_ opaque token',
      description: 'A personal API token (eym_...), made on the Integrations page; reads reports and feeds only.',
    })
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs), { jsonDocumentUrl: 'api/docs/openapi.json' });

  await app.init();
  // After init, so it runs only when no Nest route matched: page paths get the dashboard
  // (history fallback), unknown /api/ paths the JSON 404 from the exception filter.
  const web = app.get(WebAppService);
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.originalUrl)) return web.sendIndex(req, res);
    next();
  });
  return app;
}
