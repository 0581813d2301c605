// Query parameters that carry secrets or personal data, whatever the route: one-time link tokens
// (reset and verification pages and calls, the unsubscribe links), a feed link's key, an API
// token sent as access_token, the recipient's address in v= (tracking addresses, viewer pages and
// the calls they make), and addresses typed into forms. Logs show them as [REDACTED], so log
// access grants no feed, reset or account, and names no recipient.
const SECRET_PARAMS = new Set(['token', 'key', 'access_token', 'api_key', 'apikey', 'secret', 'signature', 'sig', 'v', 'email', 'receiver', 'password']);

export const REDACTED = '[REDACTED]';

export function isSecretParam(name: string): boolean {
  return SECRET_PARAMS.has(name.toLowerCase());
}

export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const params = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let key = name;
    try {
      key = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep it as sent
    }
    // A name like key[0] or v[] is parsed into `key` and `v` (qs), so it is the same secret.
    return eq >= 0 && isSecretParam(key.replace(/\[.*$/, '').trim()) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const out: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const k of Object.keys(out)) if (isSecretParam(k)) out[k] = REDACTED;
  return out;
}

// pino-http request serializer (it receives the standard serialized request): its URL, parsed
// query and the Referer (a page's URL, with its token) redacted.
export function redactRequestForLog<T extends { url?: string; query?: unknown; headers?: Record<string, unknown> }>(req: T): T {
  req.url = redactUrl(req.url);
  if ('query' in req) req.query = redactQuery(req.query);
  if (req.headers && typeof req.headers.referer === 'string') req.headers = { ...req.headers, referer: redactUrl(req.headers.referer) };
  return req;
}

// The logger's serializers (app.module.ts), the one place every logged URL goes through: the
// request of each request line (and of every line logged while a request is served), and a `url`
// any code logs beside an error (common/http-exception.filter.ts).
export const LOG_SERIALIZERS = {
  req: redactRequestForLog,
  url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
};
