import type { Request, RequestHandler, Response } from 'express';

export type HeaderList = readonly (readonly [string, string | number | readonly string[]])[];

// The headers a middleware that only sets fixed headers (helmet, configured once) adds to a
// response, captured once at boot by running it against a recording response, so the busiest
// routes can set the same headers without running it on every hit. Throws when the middleware
// does anything but set or remove headers and call next() at once.
export function capturedHeaders(middleware: RequestHandler): HeaderList {
  const headers = new Map<string, readonly [string, string | number | readonly string[]]>();
  let called = false;
  const req = { method: 'GET', url: '/', path: '/', headers: {}, secure: false } as unknown as Request;
  const res = {
    locals: {},
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, value]);
      return this;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  } as unknown as Response;
  void middleware(req, res, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    called = true;
  });
  if (!called) throw new Error('The header middleware did not finish at once: its headers cannot be captured');
  return [...headers.values()];
}

export function setHeaders(res: Response, headers: HeaderList): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

// The headers as writeHead's flat list (name, value, name, value; a list value repeated).
export function flatHeaders(headers: HeaderList): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) {
    if (Array.isArray(value)) for (const v of value as readonly string[]) out.push(name, v);
    else out.push(name, String(value));
  }
  return out;
}
