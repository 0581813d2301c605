// Query parameters that carry secrets or personal data: one-time link tokens (reset and
// verification pages and calls), and the address of forgot-password. Request logs show them
// as [REDACTED], so log access does not grant a password reset.
const SECRET_PARAMS = new Set(['token', 'email', 'password']);

export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {
        // keep it as sent
      }
      return eq >= 0 && SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const out: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const k of Object.keys(out)) if (SECRET_PARAMS.has(k.toLowerCase())) out[k] = '[REDACTED]';
  return out;
}

// pino-http request serializer (it receives the standard serialized request).
export function redactRequestForLog<T extends { url?: string; query?: unknown }>(req: T): T {
  req.url = redactUrl(req.url);
  if ('query' in req) req.query = redactQuery(req.query);
  return req;
}
