// What the export-render browser files share (export-render-email, export-render-clients-apple-outlook,
// export-render-clients-other): the built export code, small sample media (made once, kept between
// runs), a server for the media and the pages under test that records every other request (tracking
// and web view hits), one Chromium, the sample EyeMail, opening and inspecting a rendered email, the
// exported HTML as each mail client turns it (asClient), and one client's render check (checkClient).
// Renders with the compiled server code: run `npm run build:server` first (npm test does).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type * as ExportHtml from '../../../src/snippets/export/export-html.js';
import type * as ExportViewModel from '../../../src/snippets/export/export-view-model.js';
import type * as Platforms from '../../../src/snippets/email-platforms.js';
import type * as Clients from '../../../src/snippets/export/client-video.js';
import { launchBrowser, TAKE_SCREENSHOTS } from './browser.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const artifacts = path.join(root, 'test', '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const mediaDir = path.join(artifacts, 'export-media');

async function loadBuilt<T>(rel: string): Promise<T> {
  const file = path.join(root, 'dist', 'server', 'src', rel);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build:server" first`);
  return (await import(pathToFileURL(file).href)) as T;
}

export const { renderEmailExport, renderEmailPreviewPage } = await loadBuilt<typeof ExportHtml>('snippets/export/export-html.js');
export const { buildEmailViewModel } = await loadBuilt<typeof ExportViewModel>('snippets/export/export-view-model.js');
export const { EMAIL_PLATFORMS } = await loadBuilt<typeof Platforms>('snippets/email-platforms.js');
export const { MAIL_CLIENTS, findMailClient, mediaFor } = await loadBuilt<typeof Clients>('snippets/export/client-video.js');

type Snippet = ExportViewModel.ExportSnippet;
type BuildInput = ExportViewModel.BuildEmailInput;

export const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';

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
    ['gif-frame.png', () => sharp(frame('GIF fallback', '#6a040f', '#e85d04')).png().toFile(path.join(mediaDir, 'gif-frame.png'))],
    [
      'logo.png',
      () =>
        sharp(svg(320, 80, `<rect width="320" height="80" rx="12" fill="#2a9d8f"/>${text(160, 54, 40, '#fff', 'ACME')}`))
          .png()
          .toFile(path.join(mediaDir, 'logo.png')),
    ],
    [
      'icon.png',
      () =>
        sharp(svg(192, 64, `<rect width="192" height="64" rx="32" fill="#1d3557"/>${text(96, 41, 22, '#fff', '▶ Full film')}`))
          .png()
          .toFile(path.join(mediaDir, 'icon.png')),
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
  const gif = path.join(mediaDir, 'preview-anim.gif');
  if (!fs.existsSync(gif)) {
    // The GIF moves: a white square crosses its frame (two seconds at 5 fps), so a render can
    // tell motion from a still.
    spawnSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-loop', '1', '-framerate', '5', '-t', '2', '-i', path.join(mediaDir, 'gif-frame.png'), '-f', 'lavfi', '-i', 'color=c=white:s=60x60:r=5:d=2',
        '-filter_complex', "[0][1]overlay=x='t*250':y=24:shortest=1", '-loop', '0', gif],
      { stdio: 'ignore' },
    );
  }
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
export const pages = new Map<string, string>();
export const hits: URL[] = [];
// Media files the page asked for.
export const media: string[] = [];
export let base = '';
let server: http.Server;
export let browser: Browser;

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
  if (url.pathname.startsWith('/media/')) {
    media.push(url.pathname);
    return send(path.join(mediaDir, path.basename(url.pathname)));
  }
  if (url.pathname.startsWith('/static/')) return send(path.join(root, 'public', url.pathname.slice('/static/'.length)));
  if (url.pathname.startsWith('/page/')) {
    const html = pages.get(url.pathname.slice('/page/'.length));
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? '');
    return;
  }
  hits.push(url);
  res.writeHead(204).end();
}

export function snippet(over: Partial<Snippet> = {}): Snippet {
  return {
    id: ID,
    title: 'Spring launch: the new collection in motion',
    width: 600,
    // The sample files' real sizes, as the files service stores them.
    logo: { url: `${base}/media/logo.png`, alignment: 'center', width: 160, size: { width: 320, height: 80 } },
    cover: { url: `${base}/media/cover.jpg`, placement: 'above', spacing: 2, size: { width: 600, height: 180 } },
    video: {
      mp4Url: `${base}/media/video.mp4`,
      posterUrl: `${base}/media/poster.jpg`,
      gifUrl: `${base}/media/preview-anim.gif`,
      size: { width: 600, height: 338 },
      gifSize: { width: 600, height: 338 },
    },
    addVideoOverlay: true,
    videoOverlay: 'black',
    landingPageUrl: 'https://shop.example.com/spring',
    videoLinkUrl: null,
    buttons: [
      { title: 'Shop the look', url: 'https://shop.example.com/look', backgroundColor: '#e4572e', fontColor: '#ffffff', btnSize: 'large', fontSize: 'large', radius: 8, bold: true },
      { title: 'Book a fitting', url: 'https://shop.example.com/fit', backgroundColor: '#1d3557', fontColor: '#ffffff', btnSize: 'medium', fontSize: 'medium', radius: 30, bold: true },
      { title: 'Find a store', url: 'https://shop.example.com/stores', backgroundColor: '#ffffff', fontColor: '#1d3557', btnSize: 'small', fontSize: 'small', radius: 0, bold: false },
      { title: 'Gift cards', url: 'https://shop.example.com/gifts', backgroundColor: '#2a9d8f', fontColor: '#ffffff', btnSize: 'medium', fontSize: 'small', radius: 4, bold: true },
    ],
    ...over,
  };
}

export function input(over: Partial<BuildInput> = {}): BuildInput {
  return { snippet: snippet(), platform: 'mailchimp', publicBaseUrl: base, options: { includeUnsubscribeLink: true }, ...over };
}

export let dialogs = 0;

export async function open(name: string, html: string, page?: Page): Promise<Page> {
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

// Before a screenshot: give a video the page shows a moment to draw a frame (its codec may be
// missing: fine). A hidden video is not waited for: the picture does not show it, and one that
// is hidden with preload="none" (as most clients get it) never loads at all.
export async function shoot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await page
    .waitForFunction("[...document.querySelectorAll('video')].filter((v) => v.checkVisibility()).every((v) => v.readyState >= 2 || v.error !== null)", undefined, { timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(shots, `export-${name}.png`), fullPage: true });
}

// What a recipient sees: whether the video, the GIF or the poster shows, images that failed,
// scripts on the page, how wide it is, the links and the visible buttons. Found by what they are
// (Outlook.com renames classes).
export async function inspect(page: Page) {
  const visibleImages = page.locator('img').filter({ visible: true });
  return {
    videoVisible: await page.locator('video').filter({ visible: true }).count() > 0,
    gifVisible: await page.locator('img[src$="/media/preview-anim.gif"]').filter({ visible: true }).count() > 0,
    posterVisible: await page.locator('img[src$="/media/poster.jpg"]').filter({ visible: true }).count() > 0,
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

// The exported HTML as each mail client turns it before showing it, from the client table
// (src/snippets/export/client-video.ts, caniemail html-video and css-at-supports):
//   <video>      kept, stripped (the tags go, what they held stays) or replaced by <u>
//   @supports    honoured (WebKit's answer emulated: Chromium lacks -webkit-backdrop-filter, so the
//                query is rewritten to the unprefixed property it has; a Blink client is left to
//                Chromium's own answer), dropped (the block goes) or filtered (Yahoo: the property
//                becomes _filtered_a)
//   classes      renamed x_<name> in the HTML and in the CSS, not inside attribute selectors
//   Outlook apps data-outlook-cycle on the body
//   Word         mso conditionals resolved, the !mso part skipped
// plus 'no-style': a client that drops <style> but keeps <video> (the worst case for the video).
export type ClientTraits = Omit<Clients.MailClient, 'source' | 'animatesGif'>;

// caniemail html-video notes 2 and 4: the tags go, whatever they held stays.
const stripVideoTags = (html: string) => html.replace(/<\/?(?:video|source|track)\b[^>]*>/g, '');
const videoTagsToU = (html: string) =>
  html.replace(/<(?:source|track)\b[^>]*>/g, '<u></u>').replace(/<video\b[^>]*>/g, '<u>').replace(/<\/video>/g, '</u>');
function prefixClasses(html: string): string {
  return html
    .replace(/\sclass="([^"]*)"/g, (_m, names: string) => ` class="${names.split(/\s+/).filter(Boolean).map((n) => `x_${n}`).join(' ')}"`)
    .replace(/<style([^>]*)>([\s\S]*?)<\/style>/g, (_m, attrs: string, css: string) => {
      // .name -> .x_name outside attribute selectors and strings.
      const renamed = css.replace(/(\[[^\]]*\])|\.(-?[_a-zA-Z][\w-]*)/g, (m, attr?: string, cls?: string) => (attr ? attr : `.x_${cls}`));
      return `<style${attrs}>${renamed}</style>`;
    });
}
// One @supports block with its rules (no nesting deeper than rule blocks).
const SUPPORTS_BLOCK = /@supports\s*\(([^)]*)\)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g;
function featureQueries(html: string, how: Clients.FeatureQueries, engine: Clients.Engine): string {
  return html.replace(SUPPORTS_BLOCK, (_m, condition: string, rules: string) => {
    if (how === 'dropped') return '';
    if (how === 'filtered') return `@supports (_filtered_a:${condition.split(':').slice(1).join(':')}){${rules}}`;
    // WebKit's answer to a WebKit-only feature, in a browser that has the unprefixed one.
    if (engine === 'webkit') return `@supports (${condition.replace(/^-webkit-/, '')}){${rules}}`;
    return `@supports (${condition}){${rules}}`;
  });
}

// Chromium cannot draw VML: stand each v:roundrect in for a box of its size, fill and arcsize
// (VML arcsize is a share of half the shorter side), so the screenshot shows Outlook's buttons.
function drawVml(html: string): string {
  return html.replace(/<v:roundrect\b([^>]*)>([\s\S]*?)<\/v:roundrect>/g, (_m, attrs: string, inner: string) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1] ?? '';
    const height = Number(/height:(\d+)px/.exec(attr('style'))?.[1] ?? 0);
    const width = Number(/width:(\d+)px/.exec(attr('style'))?.[1] ?? 0);
    const radius = (Number.parseFloat(attr('arcsize')) / 100) * (Math.min(width, height) / 2);
    const text = inner.replace(/<w:anchorlock\/>/g, '');
    return `<a data-vml href="${attr('href')}" style="display:flex;align-items:center;justify-content:center;margin:0 auto;width:${width}px;height:${height}px;border-radius:${radius}px;background:${attr('fillcolor')};text-decoration:none;">${text}</a>`;
  });
}

export function asClient(html: string, client: ClientTraits | 'no-style'): string {
  if (client === 'no-style') return html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
  if (client.engine === 'word') {
    return drawVml(
      html
        .replace(/<!--\[if !mso\]><!-->[\s\S]*?<!--<!\[endif\]-->/g, '')
        .replace(/<!--\[if mso\]>([\s\S]*?)<!\[endif\]-->/g, '$1')
        // Word's settings block, not content.
        .replace(/<xml>[\s\S]*?<\/xml>/g, ''),
    );
  }
  let out = html;
  if (client.videoTag === 'strips') out = stripVideoTags(out);
  if (client.videoTag === 'replaced-by-u') out = videoTagsToU(out);
  out = featureQueries(out, client.featureQueries, client.engine);
  if (client.renamesClasses) out = prefixClasses(out);
  if (client.marksOutlookCycle) out = out.replace(/<body\b/, '<body data-outlook-cycle="1"');
  return out;
}

export async function startExportRender(): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await makeMedia();
  server = http.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}

export async function stopExportRender(): Promise<void> {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
}

// Each mail client of the table shows what mediaFor() decides: the video where it plays by
// itself, the moving GIF everywhere else; never the still poster, never an empty box. Plus
// what-ifs: the Outlook apps or Outlook.com (read in Safari) honouring @supports one day, and a
// client that drops <style> but keeps <video>.
export type ClientVariant = { name: string; client: ClientTraits | 'no-style'; want: Clients.MediaShown };
export const CLIENT_VARIANTS: ClientVariant[] = [
  ...MAIL_CLIENTS.map((c) => ({ name: c.id, client: c, want: mediaFor(c) })),
  { name: 'outlook-ios-honouring-supports', client: { ...findMailClient('outlook-ios'), featureQueries: 'honoured' }, want: 'gif' },
  { name: 'outlook-com-in-safari-honouring-supports', client: { ...findMailClient('outlook-com'), featureQueries: 'honoured' }, want: 'gif' },
  { name: 'no-style', client: 'no-style', want: 'gif' },
];

// Outlook for Windows is a desktop client: 600 px only.
export const widthsFor = (v: ClientVariant): number[] => (v.client !== 'no-style' && v.client.engine === 'word' ? [600] : [600, 375]);

export const clientTestName = (v: ClientVariant, width: number): string =>
  `as ${v.name} at ${width} px shows ${v.want === 'video' ? 'the playing video' : 'the moving linked GIF'}, and with images blocked no empty box`;

// The snippet has a landing page, so a click on what shows goes there (through the click endpoint).
// k=landing: the redirect resolves the landing page at click time (a new one reaches sent emails).
const landingHref = () => `${base}/t/c/${ID}?v={{contact.email|urlencode}}&u=${encodeURIComponent('https://shop.example.com/spring')}&k=landing`;

// Looks at an element frame after frame: different pixels mean it moves. Bounded by a deadline
// generous for a loaded machine (the GIF's frames are 100 ms apart), not by a count of sleeps.
async function moves(page: Page, selector: string, deadlineMs = 15_000): Promise<boolean> {
  const el = page.locator(selector).filter({ visible: true }).first();
  const first = await el.screenshot();
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
    if (!(await el.screenshot()).equals(first)) return true;
  }
  return false;
}

// One client at one width: what shows, that it moves and is linked, every picture at its stated
// shape, then the same with images blocked. Screenshots: export-client-<name>-<width>.png and
// export-client-<name>-<width>-images-blocked.png.
export async function checkClient(v: ClientVariant, width: number): Promise<void> {
  media.length = 0;
  const html = asClient(renderEmailExport(buildEmailViewModel(input({ platform: 'hubspot' }))), v.client);
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await open(`client-${v.name}-${width}`, html, page);
  const shownSelector = v.want === 'video' ? 'video' : 'img[src$="/media/preview-anim.gif"]';
  await page.locator(shownSelector).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  const seen = await inspect(page);
  assert.equal(seen.videoVisible, v.want === 'video', 'video');
  assert.equal(seen.gifVisible, v.want === 'gif', 'GIF');
  assert.equal(seen.posterVisible, false, 'never the still poster');
  assert.deepEqual(seen.brokenImages, []);
  assert.ok(seen.scrollWidth <= width, `no sideways scrolling (${seen.scrollWidth})`);
  if (v.client !== 'no-style' && v.client.videoTag !== 'keeps') assert.ok(!media.includes('/media/video.mp4'), 'the MP4 is not downloaded');
  if (v.want === 'video') {
    await page.waitForFunction("(() => { const v = document.querySelector('video'); return v && v.readyState >= 2 && !v.paused; })()", undefined, { timeout: 15_000 });
  }
  assert.ok(await moves(page, shownSelector), 'what shows moves');
  // What shows is linked to the landing page through the click endpoint, with the recipient.
  const href = await page.locator(shownSelector).filter({ visible: true }).first().evaluate((el) => el.closest('a')?.getAttribute('href') ?? null);
  assert.equal(href, landingHref());
  // Every picture and the video state their size, and are drawn at that shape (no jump).
  const boxes = await page.locator('img, video').filter({ visible: true }).evaluateAll((els) =>
    els.map((el) => ({
      src: el.getAttribute('src') ?? el.tagName,
      w: Number(el.getAttribute('width')),
      h: Number(el.getAttribute('height')),
      shownW: el.getBoundingClientRect().width,
      shownH: el.getBoundingClientRect().height,
    })),
  );
  for (const b of boxes) {
    assert.ok(b.w > 0 && b.h > 0, `width and height on ${b.src}`);
    assert.ok(Math.abs(b.shownH - (b.shownW * b.h) / b.w) <= 1.5, `${b.src} drawn at its stated shape (${b.shownW}x${b.shownH} vs ${b.w}x${b.h})`);
  }
  await shoot(page, `client-${v.name}-${width}`);

  // Images blocked (the client's default for many readers): the same element shows, as a
  // box of its size carrying its alt text; the dead video's empty box never shows.
  await page.route('**/media/*', (route) => (route.request().resourceType() === 'image' ? route.abort() : route.continue()));
  await open(`client-${v.name}-${width}-blocked`, html, page);
  await page.locator(shownSelector).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  const blocked = await inspect(page);
  assert.equal(blocked.videoVisible, v.want === 'video', 'video with images blocked');
  assert.equal(blocked.gifVisible, v.want === 'gif', 'GIF with images blocked');
  if (v.want === 'gif') {
    const gif = page.locator(shownSelector).filter({ visible: true }).first();
    assert.equal(await gif.getAttribute('alt'), 'Play video: Spring launch: the new collection in motion');
    const box = await gif.boundingBox();
    assert.ok(box && box.height >= (box.width * 338) / 600 - 1.5, `a sized box for the alt text (${box?.width}x${box?.height})`);
  }
  await shoot(page, `client-${v.name}-${width}-images-blocked`);
  await page.close();
}
