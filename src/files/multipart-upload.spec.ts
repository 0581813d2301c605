// discardRequestBody on a real HTTP server and raw sockets: a refused upload's client gets its
// answer however long the answer takes (a stalled client is silent already, so its silence is
// counted only once the answer has gone out), a client still silent after the answer is cut off,
// and a connection whose body was read to its end stays open for the next request.
import { afterEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { discardRequestBody } from './multipart-upload.js';

const IDLE_MS = 100;

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = null;
});

// A server that refuses every request at once (discarding its body) and answers 408 after
// `answerAfterMs`, as a handler cleaning up before it answers would.
async function refusingServer(answerAfterMs: number): Promise<number> {
  server = http.createServer((req, res) => {
    // As Express links them.
    (req as http.IncomingMessage & { res?: http.ServerResponse }).res = res;
    discardRequestBody(req, IDLE_MS);
    setTimeout(() => {
      res.writeHead(408, { 'Content-Type': 'application/json', 'Content-Length': '16' });
      res.end('{"result":false}');
    }, answerAfterMs);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

// Opens a connection, sends `head` and `body`, and collects what comes back until the server
// closes it (or `until` says the answer is whole).
function exchange(port: number, chunks: string[], until?: (text: string) => boolean): Promise<{ text: string; closedByServer: boolean; socket: net.Socket }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      resolve({ text, closedByServer, socket });
    };
    socket.on('data', (c) => {
      text += c.toString('utf8');
      if (until?.(text)) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => chunks.forEach((c) => socket.write(c)));
  });
}

const head = (length: number) => `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

describe('discardRequestBody', () => {
  it('lets a stalled client have its answer even when the answer comes after the idle timeout', async () => {
    const port = await refusingServer(IDLE_MS * 4);
    // 10 bytes of 1,000 announced, then silence.
    const { text } = await exchange(port, [head(1000), 'x'.repeat(10)]);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.endsWith('{"result":false}')).toBe(true);
  });

  it('cuts off a client still silent once it has its answer', async () => {
    const port = await refusingServer(0);
    const { text, closedByServer } = await exchange(port, [head(1000), 'x'.repeat(10)]);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedByServer).toBe(true);
  });

  it('keeps a connection whose body was read to its end for the next request', async () => {
    const port = await refusingServer(IDLE_MS * 2);
    const answered = (t: string) => t.endsWith('{"result":false}');
    const first = await exchange(port, [head(5), 'hello'], answered);
    expect(first.text).toMatch(/^HTTP\/1\.1 408 /);
    // Longer than the idle timeout: a drained connection is not watched for silence.
    await new Promise((r) => setTimeout(r, IDLE_MS * 3));
    expect(first.socket.destroyed).toBe(false);
    const second = new Promise<string>((resolve) => {
      let text = '';
      first.socket.removeAllListeners('data');
      first.socket.on('data', (c) => {
        text += c.toString('utf8');
        if (answered(text)) resolve(text);
      });
    });
    first.socket.write(head(5) + 'again');
    expect(await second).toMatch(/^HTTP\/1\.1 408 /);
    first.socket.destroy();
  });
});
