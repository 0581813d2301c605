import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql, uniqueEmail, type SignedUpUser } from '../support/account-factory.js';
import sharp from 'sharp';
import { mailAttachments, startSmtp, type TestSmtp } from '../support/smtp.js';
import { createSnippet, readyVideo, snippetPayload, uploadFile } from '../support/snippet-factory.js';
import { cameraJpeg, png } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait.js';

const SUPPORT = 'help@eyemail.test';
const THANKS = 'Thank you for your inquiry. A team member will be in touch with you shortly.';
const FEEDBACK_THANKS = "Thank you for your feedback. We'll be processing your request as fast as we can.";
const NOBODY = '00000000-0000-4000-8000-000000000000';

let fixtures: string;
async function pngFile(name: string, colour: string): Promise<string> {
  const file = path.join(fixtures, name);
  fs.writeFileSync(file, await png(64, 48, colour));
  return file;
}

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(() => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-support-'));
});
afterAll(() => {
  fs.rmSync(fixtures, { recursive: true, force: true });
});

// POST support and POST sys/feedback through HTTP: checked, stored, mailed to SUPPORT_EMAIL
// through a real SMTP server, and kept for a retry when mail cannot go out.
describe('support and feedback', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let ann: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT, TRUST_PROXY: 'true' });
    ann = await signUp(t, { fullName: 'Ann Lee', email: uniqueEmail('ann') });
    bob = await signUp(t, { fullName: 'Bob Ray', email: uniqueEmail('bob') });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const count = async (table: string, userId: string) =>
    Number((await sql<{ n: number }>(t, `select count(*)::int as n from ${table} where user_id = ?`, [userId]))[0].n);

  // Found in review: every attachment arrived as JPEG, so a PNG screenshot of a bug lost its
  // sharp text (and its transparency) on the way to the support team.
  it('mails each attachment in the format it was sent, PNG as PNG and JPEG as JPEG, without metadata', async () => {
    // A half-transparent PNG screenshot with a text chunk naming its author...
    const plain = await sharp({ create: { width: 320, height: 200, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
    const text = Buffer.from('Author\0Ann Lee, home office', 'latin1');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    Buffer.concat([Buffer.from('tEXt', 'latin1'), text]).copy(chunk, 4);
    chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    // (after the signature and the IHDR chunk)
    const screenshotPng = Buffer.concat([plain.subarray(0, 33), chunk, plain.subarray(33)]);
    expect(screenshotPng.includes('Ann Lee')).toBe(true);
    const pngPath = path.join(fixtures, 'screen.png');
    fs.writeFileSync(pngPath, screenshotPng);
    // ...and a phone photo with camera and GPS metadata.
    const jpegPath = path.join(fixtures, 'photo.jpg');
    fs.writeFileSync(jpegPath, await cameraJpeg(400, 300));
    expect((await sharp(jpegPath).metadata()).exif).toBeDefined();

    const a = await uploadFile(ann.client, 'attachment', pngPath);
    const b = await uploadFile(ann.client, 'attachment', jpegPath);
    expect([(a as { contentType?: string }).contentType, (b as { contentType?: string }).contentType]).toEqual(['image/png', 'image/jpeg']);
    await ann.client.post('/api/support').send({ type: 'Bug / Issues', message: 'See the screenshots.', attachments: [a.fileId, b.fileId] }).expect(200);

    const mail = await smtp.next(SUPPORT, 10_000);
    const [shot, photo] = mailAttachments(mail.raw);
    expect([shot.fileName, shot.contentType, photo.fileName, photo.contentType]).toEqual(['screen.png', 'image/png', 'photo.jpg', 'image/jpeg']);
    const shotMeta = await sharp(shot.data).metadata();
    expect(shotMeta).toMatchObject({ format: 'png', width: 320, height: 200, channels: 4, hasAlpha: true });
    expect(shotMeta.exif).toBeUndefined();
    expect(shot.data.includes('tEXt')).toBe(false);
    expect(shot.data.includes('Ann Lee')).toBe(false);
    const photoMeta = await sharp(photo.data).metadata();
    // Turned upright by its EXIF orientation, which then goes with the rest of the metadata.
    expect(photoMeta).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(photoMeta.exif).toBeUndefined();
    expect(photoMeta.orientation).toBeUndefined();
    expect(photo.data.includes('PhoneCo')).toBe(false);
  }, 120_000);

  it('stores a bug report and mails it with the EyeMail, the images and Reply-To the sender', async () => {
    const { videoId } = await readyVideo(ann.client);
    const snippet = await createSnippet(ann.client, snippetPayload(videoId, { title: 'Spring <launch>' }));
    const a = await uploadFile(ann.client, 'attachment', await pngFile('shot-1.png', '#ff0000'), 'shot-1.png');
    const b = await uploadFile(ann.client, 'attachment', await pngFile('shot-2.png', '#00ff00'), 'shot-2.png');

    const res = await ann.client
      .post('/api/support')
      .send({ type: 'Bug / Issues', snippetId: snippet.snippet, message: 'The video <b>stops</b>\nafter 2 seconds.', attachments: [a.fileId, b.fileId] })
      .expect(200);
    expect(res.body).toMatchObject({ result: true, message: THANKS, body: { inquiryId: expect.any(String) } });

    const [row] = await sql<Record<string, unknown>>(t, 'select * from support_inquiry where id = ?', [res.body.body.inquiryId]);
    expect(row).toMatchObject({
      user_id: ann.id,
      sender_email: ann.email,
      type: 'Bug / Issues',
      snippet_id: snippet.snippet,
      snippet_title: 'Spring <launch>',
      message: 'The video <b>stops</b>\nafter 2 seconds.',
    });

    const mail = await smtp.next(SUPPORT, 10_000);
    expect(mail.subject).toBe('[Bug / Issues] Support inquiry from Ann Lee');
    expect(header(mail.raw, 'Reply-To')).toBe(ann.email);
    expect(mail.text).toContain(`From: Ann Lee <${ann.email}>`);
    expect(mail.text).toContain('EyeMail: Spring <launch>');
    expect(mail.text).toContain(`http://eyemail.test/live/${snippet.snippet}`);
    expect(mail.text).toContain('The video <b>stops</b>\nafter 2 seconds.');
    expect(mail.text).toContain('Images: 2 attached');
    // What the user wrote is escaped in the HTML part.
    expect(mail.html).toContain('The video &lt;b&gt;stops&lt;/b&gt;');
    expect(mail.html).toContain('Spring &lt;launch&gt;');
    expect(mail.html).not.toContain('<b>stops');
    expect(mail.raw.match(/Content-Disposition: attachment/gi)).toHaveLength(2);
    expect(mail.raw).toMatch(/filename="?shot-1\.png"?/);

    await waitFor(async () => (await sql<{ mail_state: string }>(t, 'select mail_state from support_inquiry where id = ?', [res.body.body.inquiryId]))[0].mail_state === 'sent', 'the inquiry to be marked sent');
  }, 120_000);

  it('sends a general inquiry without EyeMail or images (a snippet is only kept for bugs)', async () => {
    const res = await bob.client.post('/api/support').send({ type: 'general inquiry', snippetId: null, message: '  How do I add a logo?  ', attachments: [] }).expect(200);
    const [row] = await sql<Record<string, unknown>>(t, 'select type, message, snippet_id, attachment_ids from support_inquiry where id = ?', [res.body.body.inquiryId]);
    expect(row).toEqual({ type: 'General Inquiry', message: 'How do I add a logo?', snippet_id: null, attachment_ids: [] });
    const mail = await smtp.next(SUPPORT);
    expect(mail.subject).toBe('[General Inquiry] Support inquiry from Bob Ray');
    expect(mail.text).not.toContain('EyeMail:');
  });

  describe('refuses bad inquiries with a message per field, storing nothing', () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['no type', { message: 'hi' }, { type: 'Please select an inquiry type: General Inquiry, Feature Suggestion or Bug / Issues.' }],
      ['an unknown type', { type: 'Complaint', message: 'hi' }, { type: 'Please select an inquiry type: General Inquiry, Feature Suggestion or Bug / Issues.' }],
      ['no message', { type: 'Feature Suggestion' }, { message: 'Please type your message.' }],
      ['a blank message', { type: 'Feature Suggestion', message: '   \n ' }, { message: 'Please type your message.' }],
      ['a message over 5 000 characters', { type: 'Feature Suggestion', message: 'x'.repeat(5001) }, { message: 'Your message can be at most 5,000 characters.' }],
      ['four attachments', { type: 'Bug / Issues', message: 'hi', attachments: [NOBODY, NOBODY, NOBODY, NOBODY] }, { attachments: 'You can attach at most 3 images.' }],
      ['an attachment that is not an id', { type: 'Bug / Issues', message: 'hi', attachments: ['../etc/passwd'] }, { attachments: 'Attachments must be images you uploaded (.png, .jpg or .jpeg).' }],
      ['attachments that are not a list', { type: 'Bug / Issues', message: 'hi', attachments: 'abc' }, { attachments: 'Attachments must be images you uploaded (.png, .jpg or .jpeg).' }],
      ['a snippet that is not an id', { type: 'Bug / Issues', message: 'hi', snippetId: 'abc' }, { snippetId: 'Please choose one of your EyeMails.' }],
      ['a missing attachment', { type: 'Bug / Issues', message: 'hi', attachments: [NOBODY] }, { attachments: 'An attached image could not be found. Please remove it and upload it again.' }],
      ['a missing snippet', { type: 'Bug / Issues', message: 'hi', snippetId: NOBODY }, { snippetId: 'Please choose one of your EyeMails.' }],
    ];
    it.each(cases)('%s', async (_name, body, errors) => {
      const before = await count('support_inquiry', bob.id);
      const res = await bob.client.post('/api/support').send(body).expect(400);
      expect(res.body).toEqual({ result: false, message: Object.values(errors)[0], body: null, errors });
      expect(await count('support_inquiry', bob.id)).toBe(before);
    });

    it('several fields at once', async () => {
      const res = await bob.client.post('/api/support').send({ type: '', message: '' }).expect(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['message', 'type']);
    });
  });

  it('refuses another user’s images and EyeMails like missing ones', async () => {
    const annsImage = await uploadFile(ann.client, 'attachment', await pngFile('ann.png', '#0000ff'), 'ann.png');
    const annsSnippets = (await ann.client.get('/api/snippets').expect(200)).body.body as { snippet: string }[];
    const before = await count('support_inquiry', bob.id);

    const stolen = await bob.client.post('/api/support').send({ type: 'Bug / Issues', message: 'look', attachments: [annsImage.fileId] }).expect(400);
    expect(stolen.body.errors).toEqual({ attachments: 'An attached image could not be found. Please remove it and upload it again.' });
    const theirs = await bob.client.post('/api/support').send({ type: 'Bug / Issues', message: 'look', snippetId: annsSnippets[0].snippet }).expect(400);
    expect(theirs.body.errors).toEqual({ snippetId: 'Please choose one of your EyeMails.' });
    expect(await count('support_inquiry', bob.id)).toBe(before);
    expect(smtp.pending(SUPPORT)).toEqual([]);
  });

  it('needs a session', async () => {
    const anonymous = await newClient(t);
    await anonymous.post('/api/support').send({ type: 'General Inquiry', message: 'hi' }).expect(401);
    await anonymous.post('/api/sys/feedback').send({ text: 'hi' }).expect(401);
  });

  describe('feedback', () => {
    it('stores and mails feedback with Reply-To the sender', async () => {
      const res = await ann.client.post('/api/sys/feedback').send({ text: 'Love the <GIF> fallback!' }).expect(200);
      expect(res.body).toMatchObject({ result: true, message: FEEDBACK_THANKS });
      const [row] = await sql<Record<string, unknown>>(t, 'select text, sender_email from support_feedback where id = ?', [res.body.body.feedbackId]);
      expect(row).toEqual({ text: 'Love the <GIF> fallback!', sender_email: ann.email });
      const mail = await smtp.next(SUPPORT);
      expect(mail.subject).toBe('Feedback from Ann Lee');
      expect(header(mail.raw, 'Reply-To')).toBe(ann.email);
      expect(mail.text).toContain('Love the <GIF> fallback!');
      expect(mail.html).toContain('Love the &lt;GIF&gt; fallback!');
    });

    it.each([
      ['no text', {}, 'Please write something to submit.'],
      ['blank text', { text: '  \n\t ' }, 'Please write something to submit.'],
      ['text that is not a string', { text: 42 }, 'Please write something to submit.'],
      ['text over 5 000 characters', { text: 'y'.repeat(5001) }, 'Your feedback can be at most 5,000 characters.'],
    ])('refuses %s', async (_name, body, message) => {
      const before = await count('support_feedback', bob.id);
      const res = await bob.client.post('/api/sys/feedback').send(body).expect(400);
      expect(res.body).toEqual({ result: false, message, body: null, errors: { text: message } });
      expect(await count('support_feedback', bob.id)).toBe(before);
    });
  });

  it('limits each user to 10 inquiries an hour', async () => {
    const u = await signUp(t, { fullName: 'Chatty Cathy', email: uniqueEmail('chatty') });
    for (let i = 0; i < 10; i++) await u.client.post('/api/support').send({ type: 'General Inquiry', message: `question ${i}` }).expect(200);
    const res = await u.client.post('/api/support').send({ type: 'General Inquiry', message: 'one more' }).expect(429);
    expect(res.body).toMatchObject({ result: false, message: 'You have sent a lot of messages in a short time. Please wait a while before sending another.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('support_inquiry', u.id)).toBe(10);
    // Others are not affected.
    await bob.client.post('/api/support').send({ type: 'General Inquiry', message: 'still fine' }).expect(200);
    for (let i = 0; i < 11; i++) await smtp.next(SUPPORT, 10_000);
  }, 60_000);
});

describe('support mail while the mail server is down', () => {
  let t: TestApp;
  let smtp: TestSmtp | null = null;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    // Nothing listens on the port yet: every send is refused.
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('keeps the inquiry, answers the user, and the queue delivers it once the server is back', async () => {
    const u = await signUp(t, { fullName: 'Pat Ience', email: uniqueEmail('pat') });
    const res = await u.client.post('/api/support').send({ type: 'Feature Suggestion', message: 'Dark mode please' }).expect(200);
    expect(res.body.message).toBe(THANKS);
    const id = res.body.body.inquiryId as string;

    const failed = await waitFor(async () => {
      const [row] = await sql<{ mail_state: string; mail_attempts: number; mail_error: string | null }>(t, 'select mail_state, mail_attempts, mail_error from support_inquiry where id = ?', [id]);
      return row.mail_attempts >= 1 ? row : null;
    }, 'the first mail attempt to fail');
    expect(failed).toMatchObject({ mail_state: 'pending', mail_attempts: 1, mail_error: expect.stringMatching(/ECONNREFUSED/) });
    // The job waits for its retry instead of being dropped. The queue records that just after the
    // attempt itself (the inquiry's row above), so wait until the job has left the worker.
    const job = await waitFor(async () => {
      const [row] = await sql<{ state: string; attempts_made: number; max_attempts: number; later: boolean }>(
        t,
        `select state, attempts_made, max_attempts, run_at > now() as later from job where id = ?`,
        [`support-inquiry-${id}`],
      );
      return row && row.state !== 'active' ? row : null;
    }, 'the failed job to leave the worker');
    expect(job).toEqual({ state: 'queued', attempts_made: 1, max_attempts: 10, later: true });

    // The mail server comes back; the retry is brought forward rather than waited for.
    smtp = await startSmtp(port);
    await sql(t, `update job set run_at = now() where id = ?`, [`support-inquiry-${id}`]);
    const mail = await smtp.next(SUPPORT, 15_000);
    expect(mail.subject).toBe('[Feature Suggestion] Support inquiry from Pat Ience');
    expect(mail.text).toContain('Dark mode please');
    const sent = await waitFor(async () => {
      const [row] = await sql<{ mail_state: string; mail_attempts: number; mail_error: string | null }>(t, 'select mail_state, mail_attempts, mail_error from support_inquiry where id = ?', [id]);
      return row.mail_state === 'sent' ? row : null;
    }, 'the inquiry to be marked sent');
    expect(sent).toEqual({ mail_state: 'sent', mail_attempts: 2, mail_error: null });
  }, 60_000);
});
