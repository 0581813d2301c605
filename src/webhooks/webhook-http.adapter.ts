import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { pickAddress, TARGET_MESSAGES } from './target-address.js';
import { DELIVERY_TIMEOUT_MS, RESPONSE_START_MAX, responseStart } from './webhook-rules.js';

export interface PostResult {
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  // Why no answer came (refused address, DNS, connection, timeout); null when one did.
  error: string | null;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

// Outgoing webhook calls. The host name is resolved here, every address checked (no private,
// loopback or link-local target unless allowed), and the connection made to the checked address
// itself (a lookup pinned to it), so a name that resolves elsewhere a moment later (DNS rebinding)
// cannot redirect the call. TLS still checks the certificate against the host name. Redirects are
// not followed; the answer is read up to its start, then dropped.
@Injectable()
export class WebhookHttpAdapter {
  constructor(private readonly resolve: Resolver = systemResolver) {}

  // The addresses a host would be reached at, or why it cannot be (creation-time check).
  async checkHost(hostname: string, allowPrivate: boolean): Promise<string | null> {
    const found = await this.addressesOf(hostname);
    if ('error' in found) return found.error;
    return pickAddress(found.addresses, allowPrivate) ? null : TARGET_MESSAGES.private;
  }

  async post(url: URL, headers: Record<string, string>, body: string, opts: { allowPrivate: boolean; timeoutMs?: number; signal?: AbortSignal }): Promise<PostResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const found = await this.addressesOf(url.hostname);
    if ('error' in found) return { statusCode: null, durationMs: took(), responseStart: null, error: found.error };
    const target = pickAddress(found.addresses, opts.allowPrivate);
    if (!target) return { statusCode: null, durationMs: took(), responseStart: null, error: `Not sent: ${TARGET_MESSAGES.private}` };
    const pinned: LookupFunction = (_host, options, cb) => {
      if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
      else cb(null, target.address, target.family);
    };
    const payload = Buffer.from(body, 'utf8');
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<PostResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<PostResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: took() });
      };
      const req = client.request(
        {
          method: 'POST',
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          headers: { ...headers, 'content-length': String(payload.length) },
          lookup: pinned,
          agent: false,
          ...(url.protocol === 'https:' && !isIP(url.hostname.replace(/^\[|\]$/g, '')) ? { servername: url.hostname } : {}),
          signal: opts.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => finish({ statusCode: res.statusCode ?? null, responseStart: responseStart(Buffer.concat(chunks)), error: null });
          res.on('data', (c: Buffer) => {
            if (size >= RESPONSE_START_MAX * 4) return;
            chunks.push(c);
            size += c.length;
            if (size >= RESPONSE_START_MAX * 4) {
              done();
              res.destroy();
            }
          });
          res.on('end', done);
          res.on('error', done);
          res.on('close', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ statusCode: null, responseStart: null, error: `No answer within ${Math.round((opts.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000)} s` });
        req.destroy();
      }, opts.timeoutMs ?? DELIVERY_TIMEOUT_MS);
      req.on('error', (e: NodeJS.ErrnoException) => finish({ statusCode: null, responseStart: null, error: connectionError(e) }));
      req.end(payload);
    });
  }

  private async addressesOf(hostname: string): Promise<{ addresses: { address: string; family: number }[] } | { error: string }> {
    const host = hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    if (family) return { addresses: [{ address: host, family }] };
    try {
      return { addresses: await this.resolve(host) };
    } catch {
      return { error: TARGET_MESSAGES.unresolved };
    }
  }
}

function connectionError(e: NodeJS.ErrnoException): string {
  const what: Record<string, string> = {
    ECONNREFUSED: 'The connection was refused',
    ECONNRESET: 'The connection was reset',
    EHOSTUNREACH: 'The host could not be reached',
    ENETUNREACH: 'The network could not be reached',
    ABORT_ERR: 'Sending was interrupted',
  };
  return (e.code && what[e.code]) || (e.code?.startsWith('ERR_TLS') || /certificate/i.test(e.message) ? `TLS: ${e.message}` : e.message || 'The call failed');
}
