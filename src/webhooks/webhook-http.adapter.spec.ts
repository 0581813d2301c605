import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookHttpAdapter } from './webhook-http.adapter.js';

// The adapter against a real local server, with the host name's resolution chosen by the test.
describe('WebhookHttpAdapter', () => {
  let server: http.Server;
  let port: number;
  const seen: { host: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body });
        // Under the 4 KB read, so the connection is kept for the next call.
        res.writeHead(201).end('x'.repeat(3000));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('connects to the address its own look-up returned, and keeps the connection for the next call', async () => {
    let calls = 0;
    // The first look-up answers the local server; a later one would answer an address that
    // does not exist: the calls reach the server, over the connection opened the first time.
    const adapter = new WebhookHttpAdapter(async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }]));
    const r = await adapter.post(new URL(`http://hooks.example.com:${port}/in`), { 'content-type': 'application/json' }, '{"a":1}', { allowPrivate: true });
    expect(r).toMatchObject({ statusCode: 201, error: null });
    expect(r.responseStart!.length).toBe(500);
    expect(seen.at(-1)).toEqual({ host: `hooks.example.com:${port}`, body: '{"a":1}' });
    expect((await adapter.post(new URL(`http://hooks.example.com:${port}/in`), {}, '{"b":2}', { allowPrivate: true })).statusCode).toBe(201);
    expect(calls).toBe(1);
    adapter.onApplicationShutdown();
  });

  it('sends nothing when the name resolves to a private address and those are not allowed', async () => {
    const before = seen.length;
    const adapter = new WebhookHttpAdapter(async () => [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }]);
    const r = await adapter.post(new URL(`http://rebind.example.com:${port}/in`), {}, '{}', { allowPrivate: false });
    expect(r.statusCode).toBeNull();
    expect(r.error).toMatch(/^Not sent: .*private/);
    expect(seen.length).toBe(before);
    expect(await adapter.checkHost('rebind.example.com', false)).toMatch(/private/);
    // Written as an IP, an address is checked without a look-up.
    expect((await adapter.post(new URL(`http://127.0.0.1:${port}/in`), {}, '{}', { allowPrivate: false })).error).toMatch(/^Not sent/);
    expect(seen.length).toBe(before);
    expect(await new WebhookHttpAdapter(async () => [{ address: '93.184.216.34', family: 4 }]).checkHost('ok.example.com', false)).toBeNull();
  });

  it('checks every resolved IPv6 address by the public-only rule, and a literal one without a look-up', async () => {
    const before = seen.length;
    for (const wrapped of ['::7f00:1', '::ffff:0:7f00:1', '64:ff9b:1::7f00:1', '2002:7f00:1::1']) {
      const adapter = new WebhookHttpAdapter(async () => [{ address: '93.184.216.34', family: 4 }, { address: wrapped, family: 6 }]);
      expect([wrapped, (await adapter.post(new URL(`http://v6.example.com:${port}/in`), {}, '{}', { allowPrivate: false })).error]).toEqual([wrapped, expect.stringMatching(/^Not sent: /)]);
      expect([wrapped, await adapter.checkHost('v6.example.com', false)]).toEqual([wrapped, expect.stringMatching(/private/)]);
      expect([wrapped, (await adapter.post(new URL(`http://[${wrapped}]:${port}/in`), {}, '{}', { allowPrivate: false })).error]).toEqual([wrapped, expect.stringMatching(/^Not sent: /)]);
    }
    expect(seen.length).toBe(before);
    expect(await new WebhookHttpAdapter(async () => [{ address: '2606:4700::1111', family: 6 }]).checkHost('v6.example.com', false)).toBeNull();
  });

  it('reads the first 4 KB of an endless answer, then closes the connection: the try counts by its status at once', async () => {
    let closed = false;
    let sent = 0;
    const endless = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'y');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length;
      };
      res.on('drain', pump);
      res.on('close', () => (closed = true));
      pump();
    });
    await new Promise<void>((r) => endless.listen(0, '127.0.0.1', r));
    const endlessPort = (endless.address() as AddressInfo).port;
    const adapter = new WebhookHttpAdapter(async () => [{ address: '127.0.0.1', family: 4 }]);
    const started = Date.now();
    const r = await adapter.post(new URL(`http://endless.example.com:${endlessPort}/in`), {}, '{}', { allowPrivate: true, timeoutMs: 10_000 });
    expect(r).toMatchObject({ statusCode: 200, error: null, responseStart: `${'y'.repeat(499)}…` });
    expect(Date.now() - started).toBeLessThan(2_000);
    const until = Date.now() + 2_000;
    while (!closed && Date.now() < until) await new Promise((w) => setTimeout(w, 20));
    expect(closed).toBe(true);
    // What the receiver could push before the close: buffers' worth, never the stream.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    adapter.onApplicationShutdown();
    await new Promise<void>((r) => endless.close(() => r()));
  });

  it('reports a name that does not resolve and a refused connection', async () => {
    const none = new WebhookHttpAdapter(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    expect((await none.post(new URL('https://nowhere.example/'), {}, '{}', { allowPrivate: true })).error).toMatch(/could not be found/);
    const closed = new WebhookHttpAdapter(async () => [{ address: '127.0.0.1', family: 4 }]);
    const r = await closed.post(new URL('http://closed.example.com:1/'), {}, '{}', { allowPrivate: true });
    expect(r).toMatchObject({ statusCode: null, error: 'The connection was refused' });
  });
});
