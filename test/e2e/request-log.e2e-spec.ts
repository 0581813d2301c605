// Quiet, readable logs (issue 34), read whole from the app's log output: at info a request is one
// line without headers (method, redacted URL, status, time, user id), the public tracking routes
// (pixel, click, viewer page, media, play reports) have no line each but one summary. At debug:
// request-log-debug.e2e-spec.ts (one app a file: the logger module keeps the first app's output).
import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp } from '../support/account-factory.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(120_000);

const MISSING = '00000000-0000-4000-8000-000000000000';

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

describe('request logs', () => {
  it('at info: one short line a request, no headers, the signed-in user named; tracking hits summed up, never a line each', async () => {
    const log = logSink();
    const t: TestApp = await startTestApp({ LOG_LEVEL: 'info' }, log.stream);
    try {
      const owner = await signUp(t);
      const me = await owner.client.get('/api/notifications').expect(200);
      expect(me.body.result).toBe(true);
      for (let i = 0; i < 3; i++) await t.http.get(`/t/o/${MISSING}.gif?v=ann%40example.com`).set('User-Agent', UA.chromeWindows).expect(200);
      await t.http.get(`/t/c/${MISSING}?v=ann%40example.com`).set('User-Agent', UA.chromeWindows).expect(302);
      await t.http.get('/media/no/such/file.mp4').expect(404);
      await t.http.post('/api/reports/updateduration').set('Content-Type', 'application/json').send('{').expect(400);
    } finally {
      // Closing writes the summary of the hits since the last one.
      await t.close();
    }
    const lines = log.lines();
    const requests = lines.filter((l) => l.req && l.res);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const l of requests) {
      expect(Object.keys(l.req).sort()).toEqual(['id', 'method', 'url']);
      expect(Object.keys(l.res)).toEqual(['statusCode']);
      expect(typeof l.responseTime).toBe('number');
    }
    expect(JSON.stringify(lines)).not.toMatch(/"headers"|user-agent|cookie/i);
    const bell = requests.find((l) => l.req.url === '/api/notifications');
    expect(bell).toMatchObject({ level: 30, res: { statusCode: 200 } });
    expect(bell!.userId).toMatch(/^[0-9a-f-]{36}$/);
    // No line for any tracking hit, the media or the play report...
    expect(requests.filter((l) => /^\/(t|media)\/|updateduration/.test(l.req.url))).toEqual([]);
    expect(lines.filter((l) => /ann(%40|@)example\.com/.test(JSON.stringify(l)))).toEqual([]);
    // ...but one summary of them, by route and outcome.
    const summaries = lines.filter((l) => String(l.msg).startsWith('Public hits'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0].msg).toMatch(/3 opens \(3 unknown snippet\); 1 click \(1 unknown snippet\); 1 media file \(1 status 404\); 1 play report \(1 status 400\)/);
  });
});
