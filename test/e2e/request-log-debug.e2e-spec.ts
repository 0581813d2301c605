// At LOG_LEVEL=debug the request lines carry their headers again, secrets still redacted (at info:
// request-log.e2e-spec.ts).
import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp } from '../support/account-factory.js';

jest.setTimeout(120_000);

function logSink() {
  const out = { text: '' };
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.text += chunk.toString('utf8');
      done();
    },
  });
  const lines = () => out.text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
  return { stream, lines };
}

describe('request logs at debug', () => {
  it('the request lines carry their headers, the session cookie redacted', async () => {
    const log = logSink();
    const t: TestApp = await startTestApp({ LOG_LEVEL: 'debug' }, log.stream);
    try {
      const owner = await signUp(t);
      await owner.client.get('/api/notifications').set('X-Trace-Me', 'yes').expect(200);
    } finally {
      await t.close();
    }
    const bell = log.lines().find((l) => l.req?.url === '/api/notifications' && l.res);
    expect(bell!.req.headers).toMatchObject({ 'x-trace-me': 'yes', cookie: '[Redacted]' });
  });
});
