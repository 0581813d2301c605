// What the report browser files share (reports, reports-export): one server whose tracking
// endpoints record engagements the way recipients' mail clients send them (X-Forwarded-For stands
// for each recipient's address, so the offline geo database places them), a seeded report, and
// waiting on the tiles and the table's range as a user reads them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './server.ts';
import { DESKTOP, SCREENSHOT_DIR, launchBrowser, uniqueEmail } from './browser.ts';
import { EYEMAIL_DEFAULTS, createEyeMail, readyVideo, signUp } from './api.ts';

const run = promisify(execFile);
export const REPORT_PASSWORD = 'Byron1815';
export const NO_ENGAGEMENTS = 'There are no engagements found for this EyeMail.';

export const AGENT = {
  outlook: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)',
  iphoneMail: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  curl: 'curl/8.4.0',
};
// Public addresses the DB-IP data places: the US, Great Britain (two), Germany, Australia.
export const IP = { us: '8.8.8.8', gb: '81.2.69.142', gb2: '212.58.244.20', de: '85.214.132.117', au: '1.1.1.1' };

export const makeEyeMail = (c: BrowserContext, videoId: string, title: string): Promise<string> => createEyeMail(c, { ...EYEMAIL_DEFAULTS, title, videoId });

// The recipient's side, as a mail client or browser sends it (no session, its own agent and address).
function recipient(agent: string, ip: string): Record<string, string> {
  return { 'User-Agent': agent, 'X-Forwarded-For': ip };
}

export function recipientHits(baseUrl: string) {
  const open = async (id: string, receiver: string, agent: string, ip: string): Promise<void> => {
    const res = await fetch(`${baseUrl}/t/o/${id}.gif?v=${encodeURIComponent(receiver)}`, { headers: recipient(agent, ip) });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
  };
  const click = async (id: string, receiver: string, agent: string, ip: string, method = 'GET'): Promise<void> => {
    const res = await fetch(`${baseUrl}/t/c/${id}?v=${encodeURIComponent(receiver)}`, { method, redirect: 'manual', headers: recipient(agent, ip) });
    assert.equal(res.status, 302);
    await res.arrayBuffer();
  };
  const play = async (id: string, receiver: string, ip: string, secs: number): Promise<void> => {
    const res = await fetch(`${baseUrl}/api/reports/updateduration`, {
      method: 'POST',
      headers: { ...recipient(AGENT.chrome, ip), 'Content-Type': 'application/json' },
      body: JSON.stringify({ DurationSecs: secs, SnippetId: id, TotalPlayTimeVideo: 4, Receiver: receiver }),
    });
    assert.ok(res.status < 300, `play report: ${res.status} ${await res.text()}`);
  };
  // 13 engagements by people (11 views, 10 of them unique; 2 counted clicks with 3 s and 2 s
  // played) and 2 by machines (a script's open, a HEAD request on the click link).
  const seed = async (id: string): Promise<void> => {
    await open(id, 'ann@example.com', AGENT.outlook, IP.us);
    await open(id, 'ann@example.com', AGENT.iphoneMail, IP.us);
    await click(id, 'ann@example.com', AGENT.chrome, IP.us);
    await play(id, 'ann@example.com', IP.us, 3);
    await open(id, 'bob@example.com', AGENT.iphoneMail, IP.gb);
    await click(id, 'bob@example.com', AGENT.chrome, IP.gb);
    await play(id, 'bob@example.com', IP.gb, 2);
    for (let i = 1; i <= 7; i++) await open(id, `reader${i}@example.com`, AGENT.outlook, i <= 3 ? IP.de : IP.au);
    // An open whose link lost its recipient (v= empty): the table names the IP instead. (A merge
    // tag the platform never filled in is a test, not a person: report-test-traffic.)
    await open(id, '', AGENT.iphoneMail, IP.gb2);
    await open(id, 'scan@example.com', AGENT.curl, IP.au);
    await click(id, 'scan@example.com', AGENT.chrome, IP.au, 'HEAD');
  };
  return { open, click, play, seed };
}

// The server, the browser and the account of a report file. Each part is kept as soon as it is
// up, so that stop() closes it even when another step of start() fails.
export function reportSetup() {
  const s = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    dir: '',
    ctx: undefined as unknown as BrowserContext,
    page: undefined as unknown as Page,
    reportId: '',
    clipVideoId: '',
    adaEmail: '',
    // when the seeded engagements were recorded (a new account's time zone is UTC)
    seededAt: new Date(),
    newContext: async (): Promise<BrowserContext> => {
      const c = await s.browser.newContext({ baseURL: s.server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, reducedMotion: 'reduce' });
      c.setDefaultTimeout(30_000);
      await c.request.get('/api/health');
      return c;
    },
    async start(): Promise<void> {
      s.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-reports-'));
      const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'clip.mp4'], { cwd: s.dir });
      await allStarted([startServer({ env: { TRUST_PROXY: 'true' } }).then((x) => (s.server = x)), launchBrowser().then((b) => (s.browser = b)), clip]);
      s.ctx = await s.newContext();
      s.adaEmail = uniqueEmail('reports');
      await signUp(s.ctx, { fullName: 'Ada Byron', email: s.adaEmail, password: REPORT_PASSWORD });
      s.clipVideoId = await readyVideo(s.ctx, path.join(s.dir, 'clip.mp4'));
      s.reportId = await makeEyeMail(s.ctx, s.clipVideoId, 'Spring launch');
      s.seededAt = new Date();
      await recipientHits(s.server.url).seed(s.reportId);
      s.page = await s.ctx.newPage();
    },
    async stop(): Promise<void> {
      await s.ctx?.close();
      await s.browser?.close();
      await s.server?.stop();
      if (s.dir) fs.rmSync(s.dir, { recursive: true, force: true });
    },
  };
  return s;
}

async function tileValues(p: Page): Promise<{ views: string; clicks: string; average: string }> {
  const value = (key: string) => p.getByTestId(`tile-${key}`).getByTestId('tile-value').innerText();
  return { views: await value('totalViews'), clicks: await value('totalClicks'), average: await value('averageViewTime') };
}

// Waits until the three tiles show these values, each as a user reads it (the whole value, not a
// part of it); when they never do, says what they showed instead.
export async function waitForTiles(p: Page, expected: { views: string; clicks: string; average: string }): Promise<void> {
  const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const shows = (key: string, text: string) => p.getByTestId(`tile-${key}`).getByTestId('tile-value').filter({ hasText: exactly(text) }).waitFor({ timeout: 30_000 });
  try {
    await Promise.all([shows('totalViews', expected.views), shows('totalClicks', expected.clicks), shows('averageViewTime', expected.average)]);
  } catch (e) {
    assert.deepEqual(await tileValues(p).catch(() => null), expected);
    throw e;
  }
}

// Opens the Filter panel and waits until it has finished opening: shown, and its height no
// longer animated (a click landing while the panel still grows can miss the button it aimed at).
// With the visitor's "reduce motion" setting (as these tests browse) it opens at once, without
// the collapse's aria-hidden or height.
export async function openFilter(p: Page): Promise<void> {
  await p.getByRole('button', { name: /^Filter/, expanded: false }).click();
  await p.locator('#report-filter:not([aria-hidden="true"]):not([style*="height"])').waitFor();
  await p.getByRole('button', { name: /^Filter/, expanded: true }).waitFor();
}

export async function waitForRange(p: Page, text: string): Promise<void> {
  try {
    await p.getByTestId('table-range').filter({ hasText: text }).waitFor();
  } catch (e) {
    // Say what the page showed instead.
    const shown = await p.getByTestId('table-range').allInnerTexts().catch(() => []);
    const shot = `${SCREENSHOT_DIR}/failed-range-${Date.now()}.png`;
    await p.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`Expected the table range "${text}"; the page at ${p.url()} showed ${JSON.stringify(shown)} (screenshot ${shot})`, { cause: e });
  }
}
