// What the request log writes (app.module.ts, pino-http). At info, one short line a request:
// method, URL (its secrets redacted: accounts/log-redaction.ts), status, time taken and the
// signed-in user's id; headers only at debug. The public media and the viewer's play reports are
// counted and summed up by HitLog (hit-log.ts) instead, as the pixel, click and viewer pages are.
import type { HitRoute } from './hit-log.js';

type LoggedRequest = { id?: unknown; method?: string; url?: string; headers?: unknown; [k: string]: unknown };
type LoggedResponse = { statusCode?: number; headers?: unknown; [k: string]: unknown };

export function logsHeaders(level: string): boolean {
  return level === 'debug' || level === 'trace';
}

// Pure: the request as logged (already redacted).
export function requestForLog(req: LoggedRequest, withHeaders: boolean): LoggedRequest {
  return withHeaders ? req : { id: req.id, method: req.method, url: req.url };
}

export function responseForLog(res: LoggedResponse, withHeaders: boolean): LoggedResponse {
  return withHeaders ? res : { statusCode: res.statusCode };
}

// Pure: the summed-up routes Express answers, by path (no query string): stored and live media
// (/media/..., /m/...) and the viewer's play reports. Null for every other path.
export function summarisedRoute(path: string): Extract<HitRoute, 'media' | 'play'> | null {
  if (/^\/(media|m)\//i.test(path)) return 'media';
  if (/^\/api\/reports\/updateduration(\/ranges)?\/?$/i.test(path)) return 'play';
  return null;
}

export function pathOf(url: string | undefined): string {
  const u = url ?? '';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}
