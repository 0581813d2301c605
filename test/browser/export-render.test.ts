// The exported email HTML rendered in Chromium at 600 px, for every email platform: the video
// shows where WebKit-style clients would show it, the linked GIF otherwise, links and the open
// pixel carry the platform's merge tag literally, nothing hostile runs. Screenshots go to
// test/.artifacts/screenshots/export-*.png for people to look at.
// Renders with the compiled server code: run `npm run build:server` first (npm test does).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import type * as ExportHtml from '../../src/snippets/export/export-html.js';
import type * as ExportViewModel from '../../src/snippets/export/export-view-model.js';
import type * as Platforms from '../../src/snippets/email-platforms.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const artifacts = path.join(root, 'test', '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const mediaDir = path.join(artifacts, 'export-media');

async function loadBuilt<T>(rel: string): Promise<T> {
  const file = path.join(root, 'dist', 'server', 'src', rel);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build:server" first`);
  return (await import(pathToFileURL(file).href)) as T;
}

const { renderEmailExport, renderEmailPreviewPage } = await loadBuilt<typeof ExportHtml>('snippets/export/export-html.js');
const { buildEmailViewModel } = await loadBuilt<typeof ExportViewModel>('snippets/export/export-view-model.js');
const { EMAIL_PLATFORMS } = await loadBuilt<typeof Platforms>('snippets/email-platforms.js');

type Snippet = ExportViewModel.ExportSnippet;
type BuildInput = ExportViewModel.BuildEmailInput;

const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';

// Small sample media, made once and kept between runs (the folder is ignored by git).
async function makeMedia(): Promise<void> {
  fs.mkdirSync(mediaDir, { recursive: true });
  const svg = (w: number, h: number, body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);
  const text = (x: number, y: number, size: number, fill: string, s: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans,Arial,sans-serif" font-weight="bold" font-size="${size}" fill="${fill}" text-anchor="middle">${s}</text>`;
  const frame = (label: string, a: string, b: string) =>
    svg(
      600,
      338,
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
        `<rect width="600" height="338" fill="url(#g)"/><circle cx="300" cy="150" r="42" fill="rgba(255,255,255,.85)"/>` +
        `<path d="M288 128 L288 172 L324 150 Z" fill="#333"/>${text(300, 250, 28, '#fff', label)}`,
    );
  const files: [string, () => Promise<unknown>][] = [
    ['poster.jpg', () => sharp(frame('Poster frame', '#1d3557', '#457b9d')).jpeg({ quality: 80 }).toFile(path.join(mediaDir, 'poster.jpg'))],
    ['preview.gif', () => sharp(frame('GIF fallback', '#6a040f', '#e85d04')).gif().toFile(path.join(mediaDir, 'preview.gif'))],
    [
      'logo.png',
      () =>
        sharp(svg(320, 80, `<rect width="320" height="80" rx="12" fill="#2a9d8f"/>${text(160, 54, 40, '#fff', 'ACME')}`))
          .png()
          .toFile(path.join(mediaDir, 'logo.png')),
    ],
    [
      'cover.jpg',
      () =>
        sharp(svg(600, 180, `<rect width="600" height="180" fill="#f4a261"/>${text(300, 105, 40, '#222', 'Spring collection')}`))
          .jpeg({ quality: 80 })
          .toFile(path.join(mediaDir, 'cover.jpg')),
    ],
  ];
  for (const [name, make] of files) if (!fs.existsSync(path.join(mediaDir, name))) await make();
  const mp4 = path.join(mediaDir, 'video.mp4');
  if (!fs.existsSync(mp4)) {
    // One second at 10 fps: enough for a frame to show, cheap on two cores.
    spawnSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=600x338:r=10:d=1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', mp4],
      { stdio: 'ignore' },
    );
  }
}

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.gif': 'image/gif', '.png': 'image/png', '.mp4': 'video/mp4', '.svg': 'image/svg+xml' };

// Serves the sample media, the app's static email assets and the pages under test; records every
// other request (tracking and web view hits).
const pages = new Map<string, string>();
const hits: URL[] = [];
let base = '';
let server: http.Server;
let browser: Browser;

function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', base);
  const send = (file: string) => {
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  };
  if (url.pathname.startsWith('/media/')) return send(path.join(mediaDir, path.basename(url.pathname)));
  if (url.pathname.startsWith('/static/')) return send(path.join(root, 'public', url.pathname.slice('/static/'.length)));
  if (url.pathname.startsWith('/page/')) {
    const html = pages.get(url.pathname.slice('/page/'.length));
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? '');
    return;
  }
  hits.push(url);
  res.writeHead(204).end();
}

function snippet(over: Partial<Snippet> = {}): Snippet {
  return {
    id: ID,
    title: 'Spring launch: the new collection in motion',
    width: 600,
    logo: { url: `${base}/media/logo.png`, alignment: 'center', width: 160 },
    cover: { url: `${base}/media/cover.jpg`, placement: 'above', spacing: 2 },
    video: { mp4Url: `${base}/media/video.mp4`, posterUrl: `${base}/media/poster.jpg`, gifUrl: `${base}/media/preview.gif` },
    addVideoOverlay: true,
    videoOverlay: 'black',
    landingPageUrl: 'https://shop.example.com/spring',
    videoURLData: null,
    buttons: [
      { title: 'Shop the look', url: 'https://shop.example.com/look', backgroundColor: '#e4572e', fontColor: '#ffffff', btnSize: 'large', fontSize: 'large', radius: 8, bold: true },
      { title: 'Book a fitting', url: 'https://shop.example.com/fit', backgroundColor: '#1d3557', fontColor: '#ffffff', btnSize: 'medium', fontSize: 'medium', radius: 30, bold: true },
      { title: 'Find a store', url: 'https://shop.example.com/stores', backgroundColor: '#ffffff', fontColor: '#1d3557', btnSize: 'small', fontSize: 'small', radius: 0, bold: false },
      { title: 'Gift cards', url: 'https://shop.example.com/gifts', backgroundColor: '#2a9d8f', fontColor: '#ffffff', btnSize: 'medium', fontSize: 'small', radius: 4, bold: true },
    ],
    ...over,
  };
}

function input(over: Partial<BuildInput> = {}): BuildInput {
  return { snippet: snippet(), platform: 'mailchimp', publicBaseUrl: base, options: { includeUnsubscribeLink: true }, ...over };
}

let dialogs = 0;

async function open(name: string, html: string, page?: Page): Promise<Page> {
  pages.set(name, html);
  if (!page) {
    page = await browser.newPage({ viewport: { width: 600, height: 900 } });
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
  }
  await page.goto(`${base}/page/${name}`, { waitUntil: 'load' });
  return page;
}

// Before a screenshot: give the video a moment to show a frame (its codec may be missing: fine).
async function shoot(page: Page, name: string): Promise<void> {
  await page
    .waitForFunction("[...document.querySelectorAll('video')].every((v) => v.readyState >= 2 || v.error !== null)", undefined, { timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(shots, `export-${name}.png`), fullPage: true });
}

// What a recipient sees: whether the video or the GIF fallback shows, images that failed,
// scripts on the page, how wide it is, the links and the visible buttons.
async function inspect(page: Page) {
  const visibleImages = page.locator('img').filter({ visible: true });
  return {
    videoVisible: await page.locator('.em-v video').isVisible(),
    fallbackVisible: await page.locator('.em-f img').isVisible(),
    brokenImages: await visibleImages.evaluateAll((imgs) =>
      imgs.filter((i) => i.width > 1 && (!i.complete || i.naturalWidth === 0)).map((i) => i.getAttribute('src')),
    ),
    scripts: await page.locator('script').count(),
    scrollWidth: await page.locator('body').evaluate((b) => b.ownerDocument.scrollingElement.scrollWidth as number),
    hrefs: await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') as string)),
    buttons: await page.locator('a[style*="padding"]').filter({ visible: true }).allInnerTexts(),
    text: await page.locator('body').innerText(),
  };
}

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  await makeMedia();
  server = http.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('exported EyeMail in Chromium at 600 px', () => {
  it('shows the video, logo, cover, mute icon and 4 buttons, and carries each platform\'s merge tags', async () => {
    let page: Page | undefined;
    for (const platform of EMAIL_PLATFORMS) {
      hits.length = 0;
      page = await open(`export-${platform.code}`, renderEmailExport(buildEmailViewModel(input({ platform }))), page);
      const seen = await inspect(page);
      const where = `for ${platform.code}`;
      assert.equal(seen.scripts, 0, where);
      assert.ok(seen.videoVisible, `video visible ${where}`);
      assert.ok(!seen.fallbackVisible, `GIF fallback hidden where video plays ${where}`);
      assert.deepEqual(seen.brokenImages, [], where);
      assert.ok(seen.scrollWidth <= 600, `no sideways scrolling ${where} (${seen.scrollWidth})`);
      assert.deepEqual(seen.buttons, ['Shop the look', 'Book a fitting', 'Find a store', 'Gift cards'], where);
      for (const href of seen.hrefs) {
        if (href === platform.unsubscribeTag) continue;
        assert.ok(href.startsWith(`${base}/`), `absolute link on the public base URL ${where}: ${href}`);
        // Every link but the "Powered by EyeMail" one is about the recipient.
        if (platform.recipientTag && href !== `${base}/`) assert.ok(href.includes(`v=${platform.recipientTag}`), `literal merge tag ${where}: ${href}`);
      }
      // The browser asks for the open pixel; the tracker reads the tag back from v=.
      const pixel = hits.find((u) => u.pathname === `/t/o/${ID}.gif`);
      assert.ok(pixel, `open pixel requested ${where}`);
      assert.equal(pixel.searchParams.get('v'), platform.recipientTag || null, where);
      if (platform.code === 'salesforce-marketing-cloud') await shoot(page, 'sfmc');
    }
    await page?.close();
  });

  it('shows the linked GIF where the client ignores the style (Gmail, Yahoo, Outlook.com)', async () => {
    const html = renderEmailExport(buildEmailViewModel(input({ platform: 'hubspot' }))).replace(/<style[^>]*>[\s\S]*?<\/style>/, '');
    const page = await open('fallback', html);
    const seen = await inspect(page);
    assert.ok(!seen.videoVisible);
    assert.ok(seen.fallbackVisible);
    assert.deepEqual(seen.brokenImages, []);
    const link = await page.locator('.em-f a').getAttribute('href');
    assert.equal(link, `${base}/eyemail/${ID}?v={{contact.email}}`);
    await shoot(page, 'fallback');
    await page.close();
  });

  it('renders the preview page as a recipient sees it, without counting an open', async () => {
    hits.length = 0;
    const page = await open('preview', renderEmailPreviewPage(buildEmailViewModel(input({ preview: true }))));
    const seen = await inspect(page);
    assert.ok(seen.videoVisible);
    assert.match(seen.text, /If Unable to See or Hear, Click Here/);
    assert.match(seen.text, /Play with sound/);
    assert.match(seen.text, /Unsubscribe/);
    assert.match(seen.text, /Powered by EyeMail/);
    assert.ok(seen.scrollWidth <= 600);
    assert.equal(hits.filter((u) => u.pathname.startsWith('/t/')).length, 0);
    await shoot(page, 'preview');
    await page.close();
  });

  it('scales an 800 px EyeMail down to 600 and leaves out what the options remove', async () => {
    const html = renderEmailExport(
      buildEmailViewModel(
        input({
          snippet: snippet({ width: 800, logo: null, cover: { url: `${base}/media/cover.jpg`, placement: 'below', spacing: 3 }, buttons: [], addVideoOverlay: false }),
          options: { includeHeader: false, includeUnsubscribeLink: false, removeBranding: true },
          platform: 'klaviyo',
        }),
      ),
    );
    const page = await open('minimal', html);
    const seen = await inspect(page);
    assert.ok(seen.videoVisible);
    assert.ok(seen.scrollWidth <= 600, `no sideways scrolling (${seen.scrollWidth})`);
    assert.doesNotMatch(seen.text, /If Unable|Unsubscribe|Powered by|Play with sound/);
    const box = await page.locator('.em-v video').boundingBox();
    assert.equal(Math.round(box?.width ?? 0), 600);
    await shoot(page, 'minimal-800');
    await page.close();
  });

  it('shows hostile text as text and runs nothing', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(1)>';
    const html = renderEmailExport(
      buildEmailViewModel(
        input({
          snippet: snippet({
            title: hostile,
            landingPageUrl: 'javascript:alert(1)',
            logo: { url: 'data:image/svg+xml,<svg onload=alert(1)>', alignment: 'left', width: 100 },
            buttons: [{ ...snippet().buttons![0], title: '<b>{{x}}</b>' }],
          }),
          options: { headerText: `</a>${hostile}` },
        }),
      ),
    );
    const page = await open('hostile', html);
    const seen = await inspect(page);
    assert.equal(seen.scripts, 0);
    assert.equal(dialogs, 0, 'nothing ran');
    assert.ok(seen.text.includes(`</a>${hostile}`), 'the header shows the text as typed');
    assert.ok(seen.buttons.includes('<b>{{x}}</b>'), 'the button shows the text as typed');
    assert.equal(await page.title(), hostile);
    assert.ok(seen.hrefs.every((h) => !/^(javascript|data):/i.test(h)));
    await shoot(page, 'hostile');
    await page.close();
  });
});
