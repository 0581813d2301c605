// A recipient watching on the real viewer page in Chromium (issue 17): the video autoplays muted,
// is paused and played again, the sound is turned on from the mute icon, the viewer seeks back
// and the tab is closed while it plays. The owner's report then has one play whose ranges, sound
// on and per-second strip say exactly that, and the play report carried no cookie.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, uniqueEmail } from './support/browser.ts';

const run = promisify(execFile);
const LENGTH = 12;
const RECIPIENT = 'bob@example.com';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let recipient: BrowserContext;
let dir: string;
let snippetId: string;

async function api(request: APIRequestContext, method: 'get' | 'post', url: string, opts: Record<string, unknown> = {}) {
  const token = (await owner.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request[method](url, { ...opts, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${res.status()} ${JSON.stringify(body)}`);
  return body.body;
}

// A 12 s clip with sound, encoded with the black mute icon and published, through the API.
async function publish(): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=15:duration=${LENGTH}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${LENGTH}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'clip.mp4'], { cwd: dir });
  const request = owner.request;
  await request.get('/api/health');
  await api(request, 'post', '/api/accounts/signup', {
    data: { fullName: 'Ada Lovelace', email: uniqueEmail('plays'), password: 'Analytical1843', confirmPassword: 'Analytical1843', tier: 'standard' },
  });
  const video = await api(request, 'post', '/api/files?type=video', { multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(path.join(dir, 'clip.mp4')) } } });
  let encoding = await api(request, 'post', `/api/videos/${video.fileId}?overlay=black&width=600`);
  for (let i = 0; encoding.state !== 'completed' && i < 600; i++) {
    assert.notEqual(encoding.state, 'failed');
    await new Promise((r) => setTimeout(r, 200));
    encoding = await api(request, 'get', `/api/videos/encodings/${encoding.encodingId}`);
  }
  snippetId = (await api(request, 'post', '/api/snippets', { data: { title: 'Twelve seconds', videoId: video.fileId, addVideoOverlay: true, videoOverlay: 'black' } })).snippet;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-plays-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  owner = await newContext(browser, server.url);
  await publish();
  // The recipient is someone else: the owner looking at their own page is no visit.
  recipient = await newContext(browser, server.url);
});

after(async () => {
  await recipient?.close();
  await owner?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type VideoState = { paused: boolean; muted: boolean; currentTime: number };
const state = (page: Page): Promise<VideoState> =>
  page.locator('video').evaluate((v: { paused: boolean; muted: boolean; currentTime: number }) => ({ paused: v.paused, muted: v.muted, currentTime: v.currentTime }));

// `seen()`: what the last check saw, said when it times out (so a failure under load tells why).
async function until<T>(what: string, check: () => Promise<T | null | false>, timeoutMs = 20_000, seen: () => unknown = () => undefined): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}; last seen: ${JSON.stringify(seen())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('autoplay muted, pause, play, sound on, seek back, close the tab: the report has that play', async () => {
  const page = await recipient.newPage();
  const reports: { body: string; cookie: string | undefined }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/reports/updateduration/ranges')) reports.push({ body: r.postData() ?? '', cookie: r.headers().cookie });
  });
  await page.goto(`/eyemail/${snippetId}?v=${encodeURIComponent(RECIPIENT)}`);
  // Muted autoplay: a play once 2 s have played with the page visible.
  await until('the muted autoplay to pass 3 s', async () => {
    const s = await state(page);
    return s.muted && !s.paused && s.currentTime >= 3;
  });
  await until('the first play report', async () => reports.length > 0);
  await page.locator('video').evaluate((v: { pause: () => void }) => v.pause());
  await page.locator('video').evaluate((v: { play: () => Promise<void> }) => v.play());
  // Sound on from the mute icon.
  await page.getByRole('button', { name: 'Turn sound on' }).click();
  // Sought back from 9 s: the rewatch stays well short of it.
  await until('the video to pass 9 s with sound', async () => {
    const s = await state(page);
    return !s.muted && s.currentTime >= 9;
  });
  const soughtFrom = await page.locator('video').evaluate((v: { currentTime: number }) => {
    const at = v.currentTime;
    v.currentTime = 2;
    return at;
  });
  await until('the rewatch to pass 4.5 s', async () => (await state(page)).currentTime >= 4.5);
  const closedAt = (await state(page)).currentTime;
  await page.close({ runBeforeUnload: true });

  // seconds 0-1 watched, 2-3 rewatched (the second stretch, sent as the tab closed, reached
  // closedAt), the last seconds never played. Wait for the report sent as the tab closed, not an
  // earlier one (the seek's or the 5 s report already shows seconds 2-3 rewatched).
  const rewatchedTill = Math.max(3, Math.floor(closedAt - 0.6));
  const play = await until('the play with its rewatch, as the tab closed, in the report', async () => {
    const plays = await api(owner.request, 'get', `/api/reports/${snippetId}/plays?receiver=${encodeURIComponent(RECIPIENT)}`);
    const p = plays[0];
    return p && p.seconds[rewatchedTill] === 2 && p.ranges.length === 1 ? p : null;
  });
  assert.equal(play.receiver, RECIPIENT);
  assert.equal(play.soundOn, true);
  assert.ok(Math.abs(play.videoDuration - LENGTH) < 0.2, `videoDuration ${play.videoDuration}`);
  // one stretch from the start to where the seek left it (the last position sampled before it)
  const [[from, to]] = play.ranges;
  assert.ok(from <= 0.3, `ranges start ${from}`);
  assert.ok(to <= soughtFrom + 0.01 && to >= soughtFrom - 0.6, `ranges end ${to}, sought from ${soughtFrom}`);
  assert.equal(play.watchedSecs, Math.round((to - from) * 100) / 100);
  assert.ok(Math.abs(play.shareWatched - play.watchedSecs / play.videoDuration) < 0.001);
  assert.deepEqual(play.seconds.slice(0, 4), [1, 1, 2, 2]);
  for (let i = 2; i <= rewatchedTill; i++) assert.equal(play.seconds[i], 2, `second ${i}: ${play.seconds}`);
  assert.deepEqual(play.seconds.slice(Math.ceil(soughtFrom) + 1), new Array(play.seconds.length - Math.ceil(soughtFrom) - 1).fill(0));
  // the spec's play-time reports (on pause and as the tab closed) name that play: their records
  // carry its share watched and sound on. Read with the play at the same moment: the tab's last
  // range report (its own beacon) may land after the read above and add a few hundredths.
  let lastRead: unknown;
  const { records, latest } = await until(
    'the play-time records naming the play, with its share watched',
    async () => {
      const list = await api(owner.request, 'get', `/api/reports/${snippetId}?receiver=${encodeURIComponent(RECIPIENT)}`);
      const withTime = list.filter((r: { durationSecs: number | null }) => r.durationSecs !== null);
      lastRead = { records: list.map((r: { activity: string; durationSecs: number | null; shareWatched: number | null; machineReason: string | null }) => [r.activity, r.durationSecs, r.shareWatched, r.machineReason]) };
      if (withTime.length < 2) return null;
      const [now] = await api(owner.request, 'get', `/api/reports/${snippetId}/plays?receiver=${encodeURIComponent(RECIPIENT)}`);
      lastRead = { ...(lastRead as object), play: now && [now.playId, now.shareWatched] };
      return withTime.every((r: { shareWatched: number }) => r.shareWatched === now.shareWatched) ? { records: withTime, latest: now } : null;
    },
    20_000,
    () => lastRead,
  );
  assert.equal(latest.playId, play.playId);
  // (the tab's last report only adds what played after the read above: up to the ~0.6 s before it closed)
  assert.ok(latest.shareWatched >= play.shareWatched && latest.shareWatched - play.shareWatched <= 1 / LENGTH, `the share went from ${play.shareWatched} to ${latest.shareWatched}`);
  for (const r of records) assert.deepEqual([r.shareWatched, r.soundOn], [latest.shareWatched, true]);
  // every report was one play's, sent without the recipient's cookies
  const ids = new Set(reports.map((r) => JSON.parse(r.body).playId));
  assert.deepEqual([...ids], [play.playId]);
  assert.ok(reports.every((r) => !r.cookie));
});

test('a play that autoplayed before the viewer script ran is reported from its start', async () => {
  // The script is deferred and the video autoplays as soon as it can: on a slow start the video
  // plays first. Hold the script until it has played a second.
  const page = await recipient.newPage();
  const who = 'early@example.com';
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/static/viewer/viewer.js*', async (route) => {
    await held;
    await route.continue();
  });
  const records: { DurationSecs: number; PlayId?: string }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/reports/updateduration') records.push(JSON.parse(r.postData() ?? '{}'));
  });
  await page.goto(`/eyemail/${snippetId}?v=${encodeURIComponent(who)}`, { waitUntil: 'commit' });
  await until('the autoplay to pass 1 s before the script', async () => (await state(page)).currentTime >= 1);
  release();
  await page.waitForFunction(() => (globalThis as unknown as { document: { readyState: string } }).document.readyState === 'complete');
  await until('the video to pass 3 s', async () => (await state(page)).currentTime >= 3);
  const pausedAt = await page.locator('video').evaluate((v: { pause: () => void; currentTime: number }) => {
    v.pause();
    return v.currentTime;
  });
  // The pause sends the play time of the whole stretch, the seconds before the script included.
  const record = await until('the play time sent on pause', async () => records[0] ?? null);
  assert.ok(record.DurationSecs >= 2.5, `DurationSecs ${record.DurationSecs}`);
  // The pause's seconds report, not an earlier one (the 2 s or 5 s report), carries the stretch
  // to where it was paused.
  const play = await until('the play, up to the pause, in the report', async () => {
    const plays = await api(owner.request, 'get', `/api/reports/${snippetId}/plays?receiver=${encodeURIComponent(who)}`);
    return plays[0]?.ranges.length && plays[0].ranges[0][1] >= pausedAt - 0.01 ? plays[0] : null;
  });
  assert.equal(play.playId, record.PlayId);
  // One stretch from the start: the seconds played before the script ran count.
  assert.equal(play.ranges.length, 1, `ranges ${JSON.stringify(play.ranges)}`);
  assert.ok(play.ranges[0][0] <= 0.3, `ranges ${JSON.stringify(play.ranges)}`);
  await page.close();
});
