// The cap on notification mails (issue 33) through HTTP on the real app, database and an SMTP
// server: 40 opens of one EyeMail from one address, each with another v=, mail the owner at most
// the cap at once and one summary that counts the rest; the cap holds for people from many
// addresses too; another EyeMail or another owner still gets its mails at once; and what the
// sender wrote in v= never makes a header of its own.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(240_000);

const CAP = 3;
const CAP_WINDOW_SECONDS = 6;

let t: TestApp;
let smtp: TestSmtp;
let owner: SignedUpUser;
let other: SignedUpUser;
const ids: Record<'spring' | 'second' | 'crowd' | 'odd' | 'others', string> = { spring: '', second: '', crowd: '', odd: '', others: '' };

const open = (sid: string, who: string, from?: string) => {
  const req = t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent(who)}`).set('User-Agent', UA.outlookWindows);
  return (from ? req.set('X-Forwarded-For', from) : req).expect(200);
};
const about = (title: string) => (m: ReceivedMail) => m.subject.endsWith(title);
const mailsTo = (user: SignedUpUser, title: string) => smtp.messages.filter((m) => m.to.some((a) => a.toLowerCase() === user.email.toLowerCase()) && about(title)(m));
const isSummary = (m: ReceivedMail) => m.subject.startsWith('And ');

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    NOTIFY_CAP: String(CAP),
    NOTIFY_CAP_WINDOW_SECONDS: String(CAP_WINDOW_SECONDS),
    NOTIFY_WINDOW_SECONDS: '3600',
    REDIS_URL: process.env.REDIS_URL,
  });
  owner = await signUp(t, { fullName: 'Nora Notify' });
  other = await signUp(t, { fullName: 'Otto Other' });
  const { videoId } = await readyVideo(owner.client);
  for (const [k, title] of [
    ['spring', 'Spring launch'],
    ['second', 'Second EyeMail'],
    ['crowd', 'Crowd EyeMail'],
    ['odd', 'Odd EyeMail'],
  ] as const) {
    ids[k] = (await createSnippet(owner.client, snippetPayload(videoId, { title }))).snippet;
  }
  ids.others = (await createSnippet(other.client, snippetPayload((await readyVideo(other.client)).videoId, { title: 'Otto launch' }))).snippet;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the cap on notification mails', () => {
  it('mail at most the cap for 40 new recipients from one address, then one summary counting the rest; other EyeMails and owners mail at once', async () => {
    // 40 opens within about a second, from one address, each with its own v=.
    for (let i = 0; i < 40; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => open(ids.spring, `flood-${i + j}@example.com`, '203.0.113.50')));
    // Meanwhile, from the same address: another EyeMail of the same owner, and another owner's.
    await open(ids.second, 'sam@example.com', '203.0.113.50');
    await open(ids.others, 'oli@example.com', '203.0.113.50');
    await waitFor(() => mailsTo(owner, 'Second EyeMail').length === 1, 'the other EyeMail mailed', 20_000);
    await waitFor(() => mailsTo(other, 'Otto launch').length === 1, "the other owner's mail", 20_000);
    expect(mailsTo(owner, 'Second EyeMail')[0].subject).toBe('sam@example.com opened Second EyeMail');
    expect(mailsTo(other, 'Otto launch')[0].subject).toBe('oli@example.com opened Otto launch');

    await waitFor(() => mailsTo(owner, 'Spring launch').some(isSummary), 'the summary', 30_000);
    // Nothing more comes after it.
    await new Promise((r) => setTimeout(r, 2_000));
    const spring = mailsTo(owner, 'Spring launch');
    const immediate = spring.filter((m) => !isSummary(m));
    const summaries = spring.filter(isSummary);
    expect(immediate.length).toBeGreaterThanOrEqual(1);
    expect(immediate.length).toBeLessThanOrEqual(CAP);
    expect(immediate.every((m) => /^flood-\d+@example\.com opened Spring launch$/.test(m.subject))).toBe(true);
    expect(summaries).toHaveLength(1);
    expect(summaries[0].subject).toBe(`And ${40 - immediate.length} more people opened Spring launch`);
    expect(summaries[0].text).toContain(`And ${40 - immediate.length} more people opened "Spring launch".`);
    expect(summaries[0].text).not.toContain('flood-');
    // Every open is in the bell all the same.
    const bell = (await owner.client.get('/api/notifications').expect(200)).body.body as { unread: number };
    expect(bell.unread).toBeGreaterThanOrEqual(41);
  });

  it('hold to the cap for people from many addresses too: the cap, then a summary', async () => {
    for (let i = 0; i < 8; i++) await open(ids.crowd, `crowd-${i}@example.com`, `198.51.100.${i + 1}`);
    await waitFor(() => mailsTo(owner, 'Crowd EyeMail').some(isSummary), 'the summary', 30_000);
    const crowd = mailsTo(owner, 'Crowd EyeMail');
    expect(crowd.filter((m) => !isSummary(m))).toHaveLength(CAP);
    expect(crowd.filter(isSummary).map((m) => m.subject)).toEqual([`And ${8 - CAP} more people opened Crowd EyeMail`]);
  });

  it('keep what the sender wrote in v= out of the headers: one line, quoted, bounded', async () => {
    // The ingest refuses control characters in v=; Unicode's line separator and a right-to-left
    // override it keeps.
    await open(ids.odd, `Your account is locked, sign in at evil.example\u2028Bcc: victim@example.com\u202E${'y'.repeat(200)}`, '192.0.2.7');
    await waitFor(() => mailsTo(owner, 'Odd EyeMail').length === 1, 'the mail', 20_000);
    const [mail] = mailsTo(owner, 'Odd EyeMail');
    const headers = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n(?=[ \t])/g, '');
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(mail.to.map((a) => a.toLowerCase())).toEqual([owner.email.toLowerCase()]);
    expect(mail.subject).toMatch(/^"Your\+account\+is\+locked,\+sign\+in\+at\+evil\.example Bcc:\+victim@example\.com y+…" opened Odd EyeMail$/);
    expect(mail.subject).not.toMatch(/[\u2028\u202E\r\n]/);
    expect(mail.subject.length).toBeLessThan(120);
    // The HTML part escapes it, whole.
    expect(mail.html).toContain('Your+account+is+locked');
  });
});
