// A real HTTP receiver for webhook tests, on a free loopback port: keeps every request it gets
// (headers and raw body) and answers as told: 200, an error status, never (it hangs), or with a
// body that never ends (as fast as the caller reads, until the caller closes the connection).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type ReceiverMode = { kind: 'answer'; status: number; body?: string } | { kind: 'hang' } | { kind: 'endless'; status: number };

export interface TestReceiver {
  url: string;
  received: ReceivedHook[];
  // What the next requests get (default: 200 "ok").
  mode: ReceiverMode;
  // Connections held open by 'hang', still waiting.
  hanging(): number;
  // Endless answers the caller stopped reading by closing the connection, and the bytes each
  // managed to write before.
  endlessClosed: { bytes: number }[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const held = new Set<http.ServerResponse>();
  const r: TestReceiver = {
    url: '',
    received: [],
    mode: { kind: 'answer', status: 200, body: 'ok' },
    hanging: () => held.size,
    endlessClosed: [],
    close: async () => {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const mode = r.mode;
      if (mode.kind === 'hang') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (mode.kind === 'endless') {
        held.add(res);
        res.writeHead(mode.status, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'y');
        let bytes = 0;
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) bytes += chunk.length;
        };
        res.on('drain', pump);
        res.on('close', () => {
          held.delete(res);
          r.endlessClosed.push({ bytes });
        });
        pump();
        return;
      }
      res.writeHead(mode.status, { 'content-type': 'text/plain' }).end(mode.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}
