// The logs never hold a secret of a query string (issue 33): a feed link's key, a recipient's
// address in v=, a verification or reset token, an API token sent as access_token. The app's log
// output, read whole at info (the level of production), still names each path, with the value
// shown as [REDACTED].
import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

jest.setTimeout(120_000);

const RECIPIENT = 'someone.secret@example.com';
let t: TestApp;
let smtp: TestSmtp;
let owner: SignedUpUser;
let snippetId: string;
let log = '';
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    log += chunk.toString('utf8');
    done();
  },
});
const tokenIn = (text: string, page: string) => new URL(new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`).exec(text)![0]).searchParams.get('token')!;
// Pino writes a line per call, synchronously: what was logged is in `log` once the response came,
// but for the request line (written when the response ends) give it a moment.
const settle = () => new Promise((r) => setTimeout(r, 200));
// The log lines holding a string (a short failure message, not the whole log).
const linesWith = (s: string) => log.split('\n').filter((l) => l.includes(s));

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, sink);
  owner = await signUp(t, { fullName: 'Lou Logs' });
  const { videoId } = await readyVideo(owner.client);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId))).snippet;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('request logs', () => {
  it("never hold a feed link's key, only the path with the key redacted", async () => {
    const link = (await owner.client.post(`/api/feed-links/${snippetId}`).expect(200)).body.body;
    const key = new URL(link.urls.json).searchParams.get('key')!;
    expect(key.length).toBeGreaterThan(20);
    const anon = await newClient(t);
    await anon.get(`/api/reports/${snippetId}/feed/json?key=${key}`).expect(200);
    await anon.get(`/api/reports/${snippetId}/feed/xml?key=${key}&page=1`).expect(200);
    // A wrong EyeMail's feed with the key (refused) and the key as access_token (an API token's name).
    await anon.get(`/api/reports/00000000-0000-4000-8000-000000000000/feed/json?key=${key}`);
    await anon.get(`/api/reports/${snippetId}/summary?access_token=${key}`);
    await settle();
    expect(linesWith(key)).toEqual([]);
    expect(linesWith(`/api/reports/${snippetId}/feed/json?key=[REDACTED]"`)).toHaveLength(1);
    expect(linesWith(`/api/reports/${snippetId}/feed/xml?key=[REDACTED]&page=1"`)).toHaveLength(1);
    expect(linesWith(`/api/reports/${snippetId}/summary?access_token=[REDACTED]"`)).toHaveLength(1);
    // At info a request line is its method, URL, status and time: no parsed query beside the URL.
    expect(linesWith('"query":')).toEqual([]);
  });

  it("never hold a recipient's address from v= of a tracking address, answered or not", async () => {
    await t.http.get(`/t/o/${snippetId}.gif?v=${encodeURIComponent(RECIPIENT)}`).expect(200);
    await t.http.get(`/t/c/${snippetId}?v=${encodeURIComponent(RECIPIENT)}&u=${encodeURIComponent('https://shop.example.com/spring')}`).expect(302);
    // Through Express (a request-log line each): a POST to the pixel, a path under /t/ that is no
    // route, the viewer page's call for its EyeMail.
    await t.http.post(`/t/o/${snippetId}.gif?v=${encodeURIComponent(RECIPIENT)}`);
    await t.http.get(`/t/x/${snippetId}?v=${RECIPIENT}`);
    await t.http.get(`/api/snippets/${snippetId}/u?v=${RECIPIENT}`);
    await settle();
    expect(linesWith(RECIPIENT)).toEqual([]);
    expect(linesWith(encodeURIComponent(RECIPIENT))).toEqual([]);
    expect(linesWith(`/api/snippets/${snippetId}/u?v=[REDACTED]"`)).toHaveLength(1);
  });

  it('never hold a verification or a reset token', async () => {
    const verify = tokenIn((await smtp.next(owner.email)).text, 'emailverification');
    const anon = await newClient(t);
    await anon.get(`/emailverification?token=${verify}`).expect(200);
    await anon.put(`/api/accounts/verify-email?token=${verify}`).expect(200);
    await anon.post(`/api/accounts/forgot-password?email=${encodeURIComponent(owner.email)}`).expect(200);
    const reset = tokenIn((await smtp.next(owner.email)).text, 'resetpassword');
    await anon.get(`/resetpassword?token=${reset}`).expect(200);
    await anon.get(`/api/accounts/validate-reset-password-token?token=${reset}`).expect(200);
    await settle();
    expect(linesWith(verify)).toEqual([]);
    expect(linesWith(reset)).toEqual([]);
    expect(linesWith('/api/accounts/verify-email?token=[REDACTED]"')).toHaveLength(1);
    expect(linesWith('/api/accounts/validate-reset-password-token?token=[REDACTED]"')).toHaveLength(1);
  });
});
