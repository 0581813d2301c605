import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SseEvent {
  event: string;
  data: string;
}

// A server-sent-events response read as it arrives (supertest would wait for its end): its
// events, its `retry:` field and comment lines, whether it ended. A non-200 answer is read whole.
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  // A non-200 answer's body.
  body: string;
  events: SseEvent[];
  comments: string[];
  retry: number | null;
  // Resolves with the first event from index `from` on (received already or still to come) that
  // `match` accepts.
  waitFor(match: (e: SseEvent) => boolean, what: string, timeoutMs?: number, from?: number): Promise<SseEvent>;
  // Settles when the server ends the response or the connection closes.
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

// GET `path` on the listening `server` with its own connection (no agent: nothing is kept open
// by the test once it ends).
export function openStream(server: http.Server, path: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { Accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      let buffer = '';
      let done = false;
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const waiters = new Set<() => void>();
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        events: [],
        comments: [],
        retry: null,
        ended,
        isEnded: () => done,
        close: () => req.destroy(),
        waitFor(match, what, timeoutMs = 10_000, from = 0) {
          return new Promise((ok, fail) => {
            const check = () => {
              const hit = stream.events.slice(from).find(match);
              if (!hit) return false;
              clearTimeout(timer);
              waiters.delete(check as () => void);
              ok(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check as () => void);
              fail(new Error(`No ${what} within ${timeoutMs} ms; events: ${JSON.stringify(stream.events)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check as () => void);
          });
        },
      };
      const finish = () => {
        if (done) return;
        done = true;
        endedResolve();
      };
      res.setEncoding('utf8');
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      if (stream.status !== 200) {
        res.on('data', (c: string) => (stream.body += c));
        res.on('end', () => resolve(stream));
        return;
      }
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('retry:')) stream.retry = Number(line.slice(6).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) stream.events.push({ event, data: data.join('\n') });
        }
        for (const w of [...waiters]) w();
      });
      resolve(stream);
    });
    req.on('error', reject);
  });
}
