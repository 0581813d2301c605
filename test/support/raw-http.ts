import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

// A request whose path is sent byte for byte: no URL normalisation of `..` or `%2e%2e` on the
// client side, so traversal attempts reach the server as an attacker would send them.
export function rawRequest(
  server: http.Server,
  path: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function listen(server: http.Server): Promise<void> {
  if (server.listening) return;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

export interface SocketExchange {
  // the status line's code, or null when the server answered nothing before the socket closed
  status: number | null;
  body: string;
}

// One request written byte for byte on a socket of its own (a malformed multipart body, a client
// that stops sending): `then` decides what the client does after the bytes: 'wait' for the answer
// (the body may be incomplete: a stalled client), or 'abort' (close the socket at once). The socket
// is always closed when this settles, so it holds no descriptor of the test's own.
export function socketRequest(server: http.Server, head: string, body: Buffer, then: 'wait' | 'abort' = 'wait'): Promise<SocketExchange> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      // The whole answer is in: a client would stop listening here.
      if (end >= 0 && length && Buffer.byteLength(text.slice(end + 4)) >= Number(length[1])) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body, () => {
        if (then === 'abort') finish();
      });
    });
  });
}
