// The exported email HTML rendered in Chromium at 600 px, for every email platform, and as each
// mail client would show it (see asClient) at 600 and 375 px: the video only where it plays by
// itself (Apple Mail), the moving linked GIF everywhere else; links and the open pixel
// carry the platform's merge tag literally, nothing hostile runs. Screenshots go to
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
import type * as Clients from '../../src/snippets/export/client-video.js';

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
const { MAIL_CLIENTS, findMailClient, mediaFor } = await loadBuilt<typeof Clients>('snippets/export/client-video.js');

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
const pages = new Map<string, string>();
const hits: URL[] = [];
// Media files the page asked for.
const media: string[] = [];
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

function snippet(over: Partial<Snippet> = {}): Snippet {
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

// Before a screenshot: give a video the page shows a moment to draw a frame (its codec may be
// missing: fine). A hidden video is not waited for: the picture does not show it, and one that
// is hidden with preload="none" (as most clients get it) never loads at all.
async function shoot(page: Page, name: string): Promise<void> {
  await page
    .waitForFunction("[...document.querySelectorAll('video')].filter((v) => v.checkVisibility()).every((v) => v.readyState >= 2 || v.error !== null)", undefined, { timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(shots, `export-${name}.png`), fullPage: true });
}

// What a recipient sees: whether the video, the GIF or the poster shows, images that failed,
// scripts on the page, how wide it is, the links and the visible buttons. Found by what they are
// (Outlook.com renames classes).
async function inspect(page: Page) {
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
type ClientTraits = Omit<Clients.MailClient, 'source' | 'animatesGif'>;

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

function asClient(html: string, client: ClientTraits | 'no-style'): string {
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
  it('shows the video (as Apple Mail), logo, cover, mute icon and 4 buttons, and carries each platform\'s merge tags', async () => {
    let page: Page | undefined;
    for (const platform of EMAIL_PLATFORMS) {
      hits.length = 0;
      // As Apple Mail shows it: the one client family that plays the video.
      page = await open(`export-${platform.code}`, asClient(renderEmailExport(buildEmailViewModel(input({ platform }))), findMailClient('apple-mail-macos')), page);
      const seen = await inspect(page);
      const where = `for ${platform.code}`;
      assert.equal(seen.scripts, 0, where);
      assert.ok(seen.videoVisible, `video visible ${where}`);
      assert.ok(!seen.gifVisible, `GIF fallback hidden where video plays ${where}`);
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

  // Each mail client of the table shows what mediaFor() decides: the video where it plays by
  // itself, the moving GIF everywhere else; never the still poster, never an empty box. Plus
  // what-ifs: the Outlook apps or Outlook.com (read in Safari) honouring @supports one day, and a
  // client that drops <style> but keeps <video>.
  const variants: { name: string; client: ClientTraits | 'no-style'; want: Clients.MediaShown }[] = [
    ...MAIL_CLIENTS.map((c) => ({ name: c.id, client: c, want: mediaFor(c) })),
    { name: 'outlook-ios-honouring-supports', client: { ...findMailClient('outlook-ios'), featureQueries: 'honoured' }, want: 'gif' },
    { name: 'outlook-com-in-safari-honouring-supports', client: { ...findMailClient('outlook-com'), featureQueries: 'honoured' }, want: 'gif' },
    { name: 'no-style', client: 'no-style', want: 'gif' },
  ];
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
  for (const v of variants) {
    // Outlook for Windows is a desktop client: 600 px only.
    const widths = v.client !== 'no-style' && v.client.engine === 'word' ? [600] : [600, 375];
    for (const width of widths) {
      it(`as ${v.name} at ${width} px shows ${v.want === 'video' ? 'the playing video' : 'the moving linked GIF'}, and with images blocked no empty box`, async () => {
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
      });
    }
  }

  it('draws the Outlook (VML) buttons as high as the HTML buttons, size by size', async () => {
    const html = renderEmailExport(buildEmailViewModel(input({ platform: 'hubspot' })));
    const web = await open('buttons-web', asClient(html, findMailClient('apple-mail-macos')));
    const htmlHeights = await web.locator('a[style*="padding"]').evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().height)));
    await web.close();
    const outlook = await open('buttons-outlook', asClient(html, findMailClient('outlook-windows')));
    const vmlHeights = await outlook.locator('a[data-vml]').evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().height)));
    await shoot(outlook, 'client-outlook-win-buttons');
    await outlook.close();
    // large/large, medium/medium, small/small, medium/small
    assert.deepEqual(vmlHeights, [66, 53, 42, 49]);
    assert.equal(htmlHeights.length, 4);
    // The small button is 39 px in HTML; the spec's 42 px is Outlook's least.
    htmlHeights.forEach((h, i) => assert.ok(Math.abs(h - vmlHeights[i]) <= (i === 2 ? 4 : 2), `button ${i + 1}: HTML ${h} px, VML ${vmlHeights[i]} px`));
  });

  // Outlook for Windows 2007-2016 drops max-width and applies the CSS width:100%: emulated as
  // Word's view (asClient) with every max-width gone, in a 1200 px reading pane.
  for (const width of [600, 720]) {
    it(`keeps a ${width} px EyeMail at its width and centred in Outlook 2007-2016's wide reading pane`, async () => {
      const html = renderEmailExport(buildEmailViewModel(input({ platform: 'hubspot', snippet: snippet({ width, cover: null }) })));
      const outlook2016 = asClient(html, findMailClient('outlook-windows')).replace(/max-width:[^;"]*;?/g, '');
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await open(`outlook-2016-${width}`, outlook2016, page);
      await shoot(page, `client-outlook-2016-pane-1200-${width}`);
      const centre = async (selector: string) => {
        const box = await page.locator(selector).filter({ visible: true }).first().boundingBox();
        assert.ok(box, `${selector} shows`);
        return Math.round(box.x + box.width / 2);
      };
      const table = await page.locator('table.em-bg').boundingBox();
      assert.equal(Math.round(table?.width ?? 0), width, 'the email table keeps the EyeMail width');
      const middle = Math.round(table!.x + table!.width / 2);
      assert.ok(Math.abs(middle - 600) <= 1, `the email sits in the middle of the pane (${middle})`);
      const centres = {
        gif: await centre('img[src$="/media/preview-anim.gif"]'),
        logo: await centre('img[src$="/media/logo.png"]'),
        button: await centre('a[data-vml]'),
      };
      for (const [what, x] of Object.entries(centres)) assert.ok(Math.abs(x - middle) <= 1, `${what} centred (${x} vs ${middle})`);
      // Play with sound stays at the email's right edge, not the pane's.
      const sound = await page.getByText('Play with sound').boundingBox();
      assert.ok(sound && sound.x + sound.width <= table!.x + table!.width, `Play with sound inside the email (${sound?.x})`);
      await page.close();
    });
  }

  it('shows the call-to-action video icon linked to the video link instead of Play with sound', async () => {
    const film = 'https://shop.example.com/film';
    const html = renderEmailExport(
      buildEmailViewModel(input({ platform: 'hubspot', snippet: snippet({ videoLinkUrl: film, videoIcon: { url: `${base}/media/icon.png`, size: { width: 192, height: 64 } } }) })),
    );
    for (const family of ['apple-mail-macos', 'gmail'] as const) {
      const page = await open(`icon-${family}`, asClient(html, findMailClient(family)));
      const icon = page.getByRole('img', { name: 'Watch the video' });
      assert.ok(await icon.isVisible(), `icon visible as ${family}`);
      const box = await icon.boundingBox();
      assert.deepEqual([Math.round(box!.width), Math.round(box!.height)], [192, 64]);
      assert.equal(await icon.evaluate((el) => el.closest('a')?.getAttribute('href')), `${base}/t/c/${ID}?v={{contact.email|urlencode}}&u=${encodeURIComponent(film)}&k=icon`);
      assert.doesNotMatch((await inspect(page)).text, /Play with sound/);
      await shoot(page, `video-icon-${family}`);
      await page.close();
    }
  });

  it('reads well in dark mode: dark background, light links, the mute icon on its disc', async () => {
    const html = renderEmailExport(buildEmailViewModel(input({ platform: 'mailchimp' })));
    // WCAG contrast of a link's colour against the background it sits on.
    const contrasts = (page: Page) =>
      page.locator('a.em-d').evaluateAll((links) => {
        // The page's own getComputedStyle (this file is typed without the DOM library).
        const style = (el: unknown) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { color: string; backgroundColor: string } }).getComputedStyle(el);
        const lum = (c: string) => {
          const [r, g, b] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
            const x = v / 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        type Node = { parentElement: Node | null } | null;
        const bgOf = (el: Node): string => {
          for (; el; el = el.parentElement) {
            const bg = style(el).backgroundColor;
            if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
          }
          return 'rgb(255, 255, 255)';
        };
        return links.map((a) => {
          const [l1, l2] = [lum(style(a).color), lum(bgOf(a as unknown as Node))].sort((x, y) => y - x);
          return { text: (a as unknown as { innerText: string }).innerText.trim(), ratio: (l1 + 0.05) / (l2 + 0.05) };
        });
      });
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(`scheme-${scheme}`, html);
      await page.emulateMedia({ colorScheme: scheme });
      const bg = await page.locator('body').evaluate((b) => (b.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(b).backgroundColor);
      assert.equal(bg, scheme === 'dark' ? 'rgb(23, 24, 26)' : 'rgb(255, 255, 255)');
      const seen = await contrasts(page);
      assert.deepEqual(seen.map((c) => c.text), ['If Unable to See or Hear, Click Here', 'Play with sound', 'Unsubscribe', 'Powered by EyeMail']);
      for (const c of seen) assert.ok(c.ratio >= 4.5, `${c.text} readable in ${scheme} mode (${c.ratio.toFixed(2)}:1)`);
      await shoot(page, `dark-mode-${scheme}`);
      await page.close();
    }
    assert.match(html, /<meta name="color-scheme" content="light dark">/);
  });

  it('wraps a long header and title and never scrolls sideways, at 600 px and on a phone', async () => {
    const long = 'Watch-the-whole-spring-collection-film-with-sound-on-our-website-'.repeat(3);
    const html = renderEmailExport(
      buildEmailViewModel(
        input({
          platform: 'klaviyo',
          snippet: snippet({ title: long, video: { ...snippet().video, gifUrl: `${base}/media/missing.gif` } }),
          options: { headerText: long, preheader: 'The spring film is here' },
        }),
      ),
    );
    for (const width of [600, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await open(`long-${width}`, html, page);
      await shoot(page, `long-text-${width}`);
      const scrollWidth = await page.locator('body').evaluate((b) => b.ownerDocument.scrollingElement.scrollWidth as number);
      assert.ok(scrollWidth <= width, `no sideways scrolling at ${width} px (${scrollWidth})`);
      const header = page.locator('a.em-d', { hasText: long });
      const lines = await header.evaluate((a) => a.getClientRects().length);
      assert.ok(lines >= (width === 600 ? 2 : 4), `the header wraps onto several lines (${lines})`);
      // The preheader is in the page but shows nowhere.
      assert.equal(await page.getByText('The spring film is here').isVisible(), false);
      await page.close();
    }
  });

  it('renders the preview page as a recipient sees it, without counting an open', async () => {
    hits.length = 0;
    const page = await open(
      'preview',
      renderEmailPreviewPage(buildEmailViewModel(input({ preview: true, options: { includeUnsubscribeLink: true, preheader: 'The spring film is here' } }))),
    );
    const seen = await inspect(page);
    assert.ok(seen.videoVisible);
    assert.match(seen.text, /Preview text in the inbox: The spring film is here/);
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
    const page = await open('minimal', asClient(html, findMailClient('apple-mail-macos')));
    const seen = await inspect(page);
    assert.ok(seen.videoVisible);
    assert.ok(seen.scrollWidth <= 600, `no sideways scrolling (${seen.scrollWidth})`);
    assert.doesNotMatch(seen.text, /If Unable|Unsubscribe|Powered by|Play with sound/);
    const box = await page.locator('video').boundingBox();
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
