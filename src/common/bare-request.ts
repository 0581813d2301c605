import type { IncomingMessage } from 'node:http';
import express, { type Application } from 'express';

// Express's own req.ip and req.protocol, run on a bare request (the routes answered ahead of
// Express, answer-first.ts): the same TRUST_PROXY reading of X-Forwarded-For and
// X-Forwarded-Proto as every other route, without dressing the request as Express does.
const ipOf = Object.getOwnPropertyDescriptor(express.request, 'ip')!.get!;
const protocolOf = Object.getOwnPropertyDescriptor(express.request, 'protocol')!.get!;

export interface BareRequestFacts {
  ip: string | null;
  secure: boolean;
}

export function bareRequestFacts(app: Application): (req: IncomingMessage) => BareRequestFacts {
  return (req) => {
    const ctx = { app, headers: req.headers, socket: req.socket, get: (name: string) => req.headers[name.toLowerCase()] };
    return { ip: (ipOf.call(ctx) as string | undefined) ?? null, secure: protocolOf.call(ctx) === 'https' };
  };
}
