import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import compression from 'compression';
import Negotiator from 'negotiator';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

// Pure: whether a response may be compressed on the fly. Never a byte range (its offsets are of
// the stored bytes, and a player asking for bytes 1000-1999 of an MP4 must get exactly those)
// and never stored media (already compressed video and pictures); the rest (HTML, JSON, JS,
// CSS, SVG) by compressible content type, as the compression package decides. Never the bell's
// event stream either: a compressor holds its few bytes back until a block fills, so no event
// would arrive.
export function mayCompress(req: { path?: string; url?: string; headers: IncomingMessage['headers'] }, contentTypeCompressible: () => boolean): boolean {
  if (req.headers.range) return false;
  const p = req.path ?? (req.url ?? '').split('?')[0];
  if (/^\/media\//i.test(p)) return false;
  if (/^\/api\/notifications\/stream\/?$/i.test(p)) return false;
  return contentTypeCompressible();
}

// gzip or brotli (quality 4: fast enough for every response), whichever the client prefers.
export function compressionMiddleware(): RequestHandler {
  return compression({ filter: (req, res) => mayCompress(req, () => compression.filter(req, res)) });
}

// A whole body held in memory (the viewer pages, answered ahead of Express): compressed as the
// middleware above would do it, with the same choice of encoding (brotli, then gzip, when the
// client takes both equally), the same 1 KB threshold and the same levels, in one call instead
// of a stream.
const WHOLE_BODY_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'] as const;
const PREFERRED_ENCODINGS = ['br', 'gzip'] as const;
export const COMPRESSION_THRESHOLD = 1024;
export type BodyEncoding = 'br' | 'gzip' | 'deflate';

// Pure: the encoding to send a body of `length` bytes in, or null to send it as it is.
export function wholeBodyEncoding(method: string | undefined, acceptEncoding: string | undefined, length: number): BodyEncoding | null {
  if (method === 'HEAD' || !acceptEncoding || length < COMPRESSION_THRESHOLD) return null;
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(WHOLE_BODY_ENCODINGS, { preferred: PREFERRED_ENCODINGS });
  return chosen === 'br' || chosen === 'gzip' || chosen === 'deflate' ? chosen : null;
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export function compressBody(body: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === 'br') zlib.brotliCompress(body, BROTLI, done);
    else if (encoding === 'gzip') zlib.gzip(body, done);
    else zlib.deflate(body, done);
  });
}

// What the build precompressed beside each asset (web/precompress.plugin.ts), best first.
const PRECOMPRESSED = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;

// Pure: which precompressed variant to send for an Accept-Encoding choice, or null.
export function precompressedVariant(accepted: string | false): (typeof PRECOMPRESSED)[number] | null {
  return PRECOMPRESSED.find((v) => v.encoding === accepted) ?? null;
}

// Serves `<asset>.br` or `<asset>.gz` from `dir` when the build made one and the client accepts
// it, with the asset's own type; anything else falls through to express.static.
export function precompressedAssets(dir: string, maxAgeSecs: number): RequestHandler {
  const root = path.resolve(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // a range of the compressed bytes is not what a range request means: let static answer it
    if (req.headers.range) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${rel}`);
    if (!file.startsWith(root + path.sep)) return next();
    const variant = precompressedVariant(req.acceptsEncodings('br', 'gzip', 'identity'));
    res.vary('Accept-Encoding');
    if (!variant || !fs.existsSync(file + variant.ext)) return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', variant.encoding);
    res.sendFile(file + variant.ext, { maxAge: maxAgeSecs * 1000, immutable: true, acceptRanges: false, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) next();
    });
  };
}
