// Makes the README's pictures (docs/images/*.png) from a real run of the built app: a fresh
// server and data folder, a new account, a short clip made with ffmpeg, then the first five
// minutes as the README tells them (upload, create, export, open as a recipient, read the
// report), each captured at 1280x800 and written as a palette PNG. Not a test (`npm test` runs
// only *.test.ts): run it after a change to the screens it shows, with
//   npm run build && npm exec -- node test/browser/readme-pictures.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT, allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, launchBrowser, newContext, settled } from './support/browser.ts';
import { signUp } from './support/api.ts';

const run = promisify(execFile);
const OUT = path.join(ROOT, 'docs', 'images');
const TITLE = 'Spring launch';
const LANDING = 'https://shop.example.com/spring';

// Recipients' mail clients and browsers, and public addresses the geo database places (the US,
// Great Britain, Germany, Australia): the report then has people in it besides the one opening
// the web view here.
const AGENT = {
  outlook: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)',
  iphoneMail: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};
const IP = { us: '8.8.8.8', gb: '81.2.69.142', de: '85.214.132.117', au: '1.1.1.1' };

// Captures the viewport once the page has settled, as a palette PNG (a dashboard screenshot has
// few colours: a quarter of the size of a full-colour one, and no visible loss).
async function picture(page: Page, name: string): Promise<void> {
  // Toasts from the step before ('Video uploaded', 'EyeMail created') would cover the page.
  const toasts = page.locator('.mantine-Notification-root');
  for (let i = 0; i < 5 && (await toasts.count()); i++) {
    await toasts.first().getByRole('button', { name: 'Close' }).click().catch(() => undefined);
    await toasts.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
  }
  await settled(page);
  const raw = await page.screenshot();
  const file = path.join(OUT, `${name}.png`);
  await sharp(raw).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toFile(file);
  console.log(`${path.relative(ROOT, file)}: ${Math.round(fs.statSync(file).size / 1024)} KB`);
}

async function hit(server: RunningServer, url: string, agent: string, ip: string): Promise<void> {
  const res = await fetch(`${server.url}${url}`, { redirect: 'manual', headers: { 'User-Agent': agent, 'X-Forwarded-For': ip } });
  if (res.status >= 400) throw new Error(`${url}: ${res.status}`);
  await res.arrayBuffer();
}

// What recipients' mail clients send back over a campaign's first hours: opens and clicks.
async function recipients(server: RunningServer, id: string): Promise<void> {
  const open = (who: string, agent: string, ip: string) => hit(server, `/t/o/${id}.gif?v=${encodeURIComponent(who)}`, agent, ip);
  const click = (who: string, ip: string) => hit(server, `/t/c/${id}?v=${encodeURIComponent(who)}`, AGENT.chrome, ip);
  await open('ann@example.com', AGENT.iphoneMail, IP.us);
  await click('ann@example.com', IP.us);
  await open('bob@example.com', AGENT.outlook, IP.gb);
  await open('carol@example.com', AGENT.iphoneMail, IP.de);
  await click('carol@example.com', IP.de);
  for (let i = 1; i <= 6; i++) await open(`reader${i}@example.com`, i % 2 ? AGENT.outlook : AGENT.iphoneMail, i <= 3 ? IP.de : IP.au);
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-pictures-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  try {
    const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=6',
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'Spring launch.mp4'], { cwd: dir });
    await allStarted([startServer({ env: { TRUST_PROXY: 'true' } }).then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip]);
    context = await newContext(browser!, server!.url);
    context.setDefaultTimeout(60_000);
    await signUp(context, { fullName: 'Ada Lovelace', email: 'ada@example.com' });
    const page = await context.newPage();
    // The address verified from the emailed link, as a new user would (home then drops its reminder).
    const verify = await server!.mail.next('ada@example.com', /verify/i);
    const link = /https?:\/\/[^\s"<>]*\/emailverification\?token=[^\s"<>]+/.exec(verify.text)?.[0];
    if (!link) throw new Error(`No verification link in: ${verify.text}`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Congratulations!' }).waitFor();

    // 1. Upload: the dialog part-way through (the upload slowed down so there is a bar to see).
    await page.goto('/video-library');
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a video' });
    await dialog.locator('input[type="file"]').setInputFiles(path.join(dir, 'Spring launch.mp4'));
    const bar = dialog.getByRole('progressbar', { name: 'Uploading Spring launch.mp4' });
    await page.waitForFunction((el) => Number((el as unknown as { getAttribute: (n: string) => string }).getAttribute('aria-valuenow')) >= 40, await bar.elementHandle());
    await picture(page, 'step-1-upload');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: TITLE });
    await card.locator('img').waitFor();

    // 2. Create: the video picked from the library, a name, a landing page and a button; the live preview.
    await card.getByRole('button', { name: `Use in EyeMail: ${TITLE}` }).click();
    await page.waitForURL('**/create-eyemail**');
    await page.getByRole('heading', { name: 'Create EyeMail', level: 1 }).waitFor();
    // A first visit opens on Getting Started; 'More options' shows the whole form.
    const more = page.getByRole('region', { name: 'Getting Started' }).getByRole('button', { name: 'More options' });
    if (await more.isVisible()) await more.click();
    await page.getByLabel('Name').fill(TITLE);
    await page.getByLabel('Landing page URL').fill(LANDING);
    await page.getByRole('region', { name: 'Preview' }).locator('img, video').first().waitFor();
    await page.getByLabel('Name').focus();
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await picture(page, 'step-2-create');
    await page.getByRole('button', { name: 'Create EyeMail' }).click();
    await page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    const id = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    // 3. Export: the HTML block for Mailchimp, its merge tag in every link.
    await page.getByRole('button', { name: 'Download' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Download or Copy HTML' });
    await exportDialog.getByRole('combobox', { name: 'Email platform' }).click();
    await page.getByRole('option', { name: 'Mailchimp' }).click();
    await page.waitForFunction((el) => ((el as unknown as { value: string }).value ?? '').includes('v=*|'), await exportDialog.getByLabel('Video HTML').elementHandle());
    await picture(page, 'step-3-export');
    const preview = (await exportDialog.getByRole('link', { name: 'Preview' }).getAttribute('href'))!;
    await page.keyboard.press('Escape');

    // The exported email as a recipient's mail client shows it (the export's own preview).
    const mail = await context.newPage();
    await mail.goto(preview);
    await mail.locator('video:visible, img:visible').first().waitFor();
    await picture(mail, 'email');
    await mail.close();

    // 4. Recipients open the web view from the email's link (no session, a desktop browser each,
    // from three countries); the first is pictured playing.
    for (const [who, ip] of [['ann@example.com', IP.us], ['bob@example.com', IP.gb], ['carol@example.com', IP.de]] as const) {
      const recipient = await browser!.newContext({ baseURL: server!.url, viewport: DESKTOP, locale: 'en-US', userAgent: AGENT.chrome, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
      const viewer = await recipient.newPage();
      await viewer.goto(`/eyemail/${id}?v=${encodeURIComponent(who)}`);
      await viewer.waitForFunction(() => {
        const v = (globalThis as unknown as { document: { querySelector(s: string): { currentTime: number } | null } }).document.querySelector('video');
        return !!v && v.currentTime > 2.5;
      });
      if (who === 'ann@example.com') await picture(viewer, 'step-4-recipient');
      // Closing the page reports the seconds played.
      await viewer.close({ runBeforeUnload: true });
      await recipient.close();
    }

    // 5. The report, once a few more recipients have opened, clicked and played.
    await recipients(server!, id);
    await page.goto(`/reports/${id}`);
    await page.getByTestId('tile-totalViews').waitFor();
    await page.getByRole('table').first().waitFor();
    await picture(page, 'step-5-report');

    // The dashboard's home, with the EyeMail made above.
    await page.goto('/');
    await page.getByText(TITLE).first().waitFor();
    await picture(page, 'dashboard');
  } finally {
    await context?.close();
    await browser?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
