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
        res.writeHead(201).end('x'.repeat(5000));
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
