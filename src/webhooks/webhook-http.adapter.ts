import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { isPrivateAddress, pickAddress, TARGET_MESSAGES } from './target-address.js';
import { DELIVERY_TIMEOUT_MS, RESPONSE_READ_MAX, responseStart } from './webhook-rules.js';

export interface PostResult {
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  // Why no answer came (refused address, DNS, connection, timeout); null when one did.
  error: string | null;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });
const REFUSED = 'EWEBHOOK_PRIVATE_TARGET';
const UNRESOLVED = 'EWEBHOOK_UNRESOLVED';
// Idle keep-alive connections to a receiver are closed after this long.
const IDLE_MS = 30_000;

// Outgoing webhook calls. Every new connection resolves the host name here, checks every address
// (no private, loopback or link-local target unless allowed) and connects to the address it
// checked (the lookup hands that very address to the socket), so a name that resolves elsewhere
// a moment later (DNS rebinding) cannot redirect a call. Connections are kept alive per
// receiver, so a busy endpoint costs no handshake per message. TLS still checks the certificate
// against the host name. Redirects are not followed; the answer is read up to its first 4 KB
// (RESPONSE_READ_MAX), then the connection is closed.
@Injectable()
export class WebhookHttpAdapter implements OnApplicationShutdown {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly resolve: Resolver = systemResolver) {}

  // Why this host cannot be sent to, or null (checked when an endpoint is saved).
  async checkHost(hostname: string, allowPrivate: boolean): Promise<string | null> {
    try {
      return pickAddress(await this.addressesOf(hostname), allowPrivate) ? null : TARGET_MESSAGES.private;
    } catch {
      return TARGET_MESSAGES.unresolved;
    }
  }

  post(url: URL, headers: Record<string, string>, body: string, opts: { allowPrivate: boolean; timeoutMs?: number; signal?: AbortSignal }): Promise<PostResult> {
    const started = performance.now();
    const payload = Buffer.from(body, 'utf8');
    const https_ = url.protocol === 'https:';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    // An address written as an IP is connected to without a look-up: checked here instead.
    if (isIP(host) && !opts.allowPrivate && isPrivateAddress(host)) {
      return Promise.resolve({ statusCode: null, durationMs: 0, responseStart: null, error: `Not sent: ${TARGET_MESSAGES.private}` });
    }
    return new Promise<PostResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<PostResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: Math.round(performance.now() - started) });
      };
      const req = (https_ ? https : http).request(
        {
          method: 'POST',
          host,
          port: url.port || (https_ ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          headers: { ...headers, 'content-length': String(payload.length) },
          agent: this.agentFor(url, opts.allowPrivate),
          ...(https_ && !isIP(host) ? { servername: host } : {}),
          signal: opts.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => finish({ statusCode: res.statusCode ?? null, responseStart: responseStart(Buffer.concat(chunks).subarray(0, RESPONSE_READ_MAX)), error: null });
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            size += c.length;
            // Enough for the log: the rest is never read (nor waited for), the connection closed.
            if (size >= RESPONSE_READ_MAX) {
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
        finish({ statusCode: null, responseStart: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => finish({ statusCode: null, responseStart: null, error: connectionError(e) }));
      req.end(payload);
    });
  }

  onApplicationShutdown(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  // One keep-alive agent per receiver (scheme, host, port), whose every new connection is
  // resolved and checked by checkedLookup.
  private agentFor(url: URL, allowPrivate: boolean): http.Agent {
    const key = `${url.protocol}//${url.host}|${allowPrivate}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: 8, timeout: IDLE_MS, lookup: this.checkedLookup(allowPrivate) };
      agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(key, agent);
    }
    return agent;
  }

  private checkedLookup(allowPrivate: boolean): LookupFunction {
    return (hostname, options, callback) => {
      const cb = callback as unknown as (err: NodeJS.ErrnoException | null, address?: string | { address: string; family: number }[], family?: number) => void;
      this.addressesOf(hostname).then(
        (addresses) => {
          const target = pickAddress(addresses, allowPrivate);
          if (!target) return cb(Object.assign(new Error(TARGET_MESSAGES.private), { code: REFUSED }));
          if ((options as { all?: boolean }).all) cb(null, [target]);
          else cb(null, target.address, target.family);
        },
        () => cb(Object.assign(new Error(TARGET_MESSAGES.unresolved), { code: UNRESOLVED })),
      );
    };
  }

  private async addressesOf(hostname: string): Promise<{ address: string; family: number }[]> {
    const host = hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    return family ? [{ address: host, family }] : this.resolve(host);
  }
}

function connectionError(e: NodeJS.ErrnoException): string {
  const what: Record<string, string> = {
    [REFUSED]: `Not sent: ${TARGET_MESSAGES.private}`,
    [UNRESOLVED]: TARGET_MESSAGES.unresolved,
    ECONNREFUSED: 'The connection was refused',
    ECONNRESET: 'The connection was reset',
    EHOSTUNREACH: 'The host could not be reached',
    ENETUNREACH: 'The network could not be reached',
    ABORT_ERR: 'Sending was interrupted',
  };
  return (e.code && what[e.code]) || (e.code?.startsWith('ERR_TLS') || /certificate/i.test(e.message) ? `TLS: ${e.message}` : e.message || 'The call failed');
}
