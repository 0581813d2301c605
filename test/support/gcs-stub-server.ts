import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

// A small stand-in for the Google Cloud Storage JSON API: the handful of calls the storage
// adapter makes (multipart upload, metadata, download with Range, delete, list) plus public
// object URLs. It records every request so tests can check what the client sent.

export interface StubObject {
  data: Buffer;
  contentType: string;
  cacheControl?: string;
  generation: string;
  updated: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  // For uploads: the metadata part and the media part's Content-Type.
  uploadMetadata?: Record<string, unknown>;
  uploadContentType?: string;
}

export interface GcsStub {
  url: string;
  buckets: Map<string, Map<string, StubObject>>;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

// CRC32C (Castagnoli), as GCS reports it: base64 of the big-endian 32-bit value.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32c(data: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}
function md5(data: Buffer): string {
  return crypto.createHash('md5').update(data).digest('base64');
}

function resource(bucket: string, name: string, o: StubObject) {
  return {
    kind: 'storage#object',
    id: `${bucket}/${name}/${o.generation}`,
    name,
    bucket,
    generation: o.generation,
    metageneration: '1',
    contentType: o.contentType,
    ...(o.cacheControl ? { cacheControl: o.cacheControl } : {}),
    size: String(o.data.length),
    md5Hash: md5(o.data),
    crc32c: crc32c(o.data),
    etag: `etag-${o.generation}`,
    timeCreated: o.updated,
    updated: o.updated,
  };
}

function sendError(res: http.ServerResponse, code: number, message: string, reason: string): void {
  res.writeHead(code, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code, message, errors: [{ message, domain: 'global', reason }] } }));
}

function sendJson(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

// multipart/related: a JSON metadata part, then the media part (binary).
function parseMultipart(body: Buffer, contentType: string): { metadata: Record<string, unknown>; mediaType: string; media: Buffer } | null {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    parts.push(body.subarray(at + delimiter.length, next));
    at = next;
  }
  if (parts.length !== 2) return null;
  const split = (part: Buffer) => {
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    let content = part.subarray(headerEnd + 4);
    if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
    return { type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '', content };
  };
  const meta = split(parts[0]);
  const media = split(parts[1]);
  return { metadata: JSON.parse(meta.content.toString('utf8')), mediaType: media.type, media: media.content };
}

export async function startGcsStub(bucketNames: string[]): Promise<GcsStub> {
  const buckets = new Map(bucketNames.map((b) => [b, new Map<string, StubObject>()]));
  const requests: RecordedRequest[] = [];
  let generation = 1_700_000_000_000_000;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const query = Object.fromEntries(url.searchParams.entries());
    const record: RecordedRequest = { method: req.method ?? '', path: url.pathname, query, headers: req.headers };
    requests.push(record);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const m = (re: RegExp) => re.exec(url.pathname);
      let match: RegExpExecArray | null;

      if (req.method === 'POST' && (match = m(/^\/upload\/storage\/v1\/b\/([^/]+)\/o$/))) {
        const bucket = buckets.get(decodeURIComponent(match[1]));
        if (!bucket) return sendError(res, 404, 'The specified bucket does not exist.', 'notFound');
        if (query.uploadType !== 'multipart') return sendError(res, 400, 'Only multipart uploads are stubbed', 'invalid');
        const parsed = parseMultipart(body, req.headers['content-type'] ?? '');
        if (!parsed) return sendError(res, 400, 'Malformed multipart body', 'invalid');
        record.uploadMetadata = parsed.metadata;
        record.uploadContentType = parsed.mediaType;
        const name = query.name ?? (parsed.metadata.name as string);
        if (query.ifGenerationMatch === '0' && bucket.has(name)) {
          return sendError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
        }
        const object: StubObject = {
          data: parsed.media,
          contentType: (parsed.metadata.contentType as string) ?? parsed.mediaType,
          cacheControl: parsed.metadata.cacheControl as string | undefined,
          generation: String(generation++),
          updated: new Date().toISOString(),
        };
        bucket.set(name, object);
        return sendJson(res, resource(decodeURIComponent(match[1]), name, object));
      }

      if ((match = m(/^\/storage\/v1\/b\/([^/]+)\/o(?:\/(.+))?$/))) {
        const bucketName = decodeURIComponent(match[1]);
        const bucket = buckets.get(bucketName);
        if (!bucket) return sendError(res, 404, 'The specified bucket does not exist.', 'notFound');
        if (!match[2]) {
          if (req.method !== 'GET') return sendError(res, 405, 'Method not stubbed', 'invalid');
          // names in order, filtered by prefix, paged by maxResults with an opaque page token
          const max = Number(query.maxResults ?? 1000);
          const names = [...bucket.keys()].filter((n) => n.startsWith(query.prefix ?? '')).sort();
          const from = query.pageToken ? Number(Buffer.from(query.pageToken, 'base64url').toString()) : 0;
          const items = names.slice(from, from + max).map((n) => resource(bucketName, n, bucket.get(n)!));
          const more = from + max < names.length;
          return sendJson(res, { kind: 'storage#objects', items, ...(more ? { nextPageToken: Buffer.from(String(from + max)).toString('base64url') } : {}) });
        }
        const name = decodeURIComponent(match[2]);
        const object = bucket.get(name);
        if (!object) return sendError(res, 404, `No such object: ${bucketName}/${name}`, 'notFound');
        if (req.method === 'DELETE') {
          bucket.delete(name);
          res.writeHead(204).end();
          return;
        }
        if (req.method !== 'GET') return sendError(res, 405, 'Method not stubbed', 'invalid');
        if (query.alt !== 'media') return sendJson(res, resource(bucketName, name, object));
        return sendMedia(req, res, object);
      }

      // Public object URL: https://storage.googleapis.com/<bucket>/<name>
      if (req.method === 'GET' && (match = m(/^\/([^/]+)\/(.+)$/))) {
        const object = buckets.get(match[1])?.get(decodeURIComponent(match[2]));
        if (object) return sendMedia(req, res, object);
      }
      sendError(res, 501, `Not stubbed: ${req.method} ${url.pathname}`, 'notImplemented');
    });
  });

  function sendMedia(req: http.IncomingMessage, res: http.ServerResponse, object: StubObject): void {
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': object.contentType,
      'x-goog-hash': `crc32c=${crc32c(object.data)},md5=${md5(object.data)}`,
      'x-goog-stored-content-encoding': 'identity',
      'x-goog-generation': object.generation,
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (!range) {
      res.writeHead(200, { ...headers, 'Content-Length': object.data.length });
      res.end(object.data);
      return;
    }
    const size = object.data.length;
    let start = range[1] === '' ? size - Number(range[2]) : Number(range[1]);
    let end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    start = Math.max(0, start);
    if (start >= size) return sendError(res, 416, 'Requested range not satisfiable', 'requestedRangeNotSatisfiable');
    end = Math.max(start, end);
    res.writeHead(206, { ...headers, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${size}` });
    res.end(object.data.subarray(start, end + 1));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    buckets,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
