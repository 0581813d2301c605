// The exported email HTML rendered in Chromium at 600 px: for every email platform (as Apple Mail
// shows it: the video, logo, cover, mute icon and 4 buttons; links and the open pixel carry the
// platform's merge tag literally), the Outlook (VML) buttons' heights, a 600 and a 720 px EyeMail
// in Outlook 2007-2016's wide reading pane, the call-to-action video icon, dark mode, long text at
// 600 and 375 px, the preview page (no open counted), an 800 px EyeMail scaled to 600 with the
// options' parts left out, and hostile text shown as text. Each mail client's own view is in
// export-render-clients-*.test.ts; what they share is support/export-render.ts.
// Screenshots (test/.artifacts/screenshots/): export-sfmc, export-client-outlook-win-buttons,
// export-client-outlook-2016-pane-1200-600 and -720, export-video-icon-apple-mail-macos and -gmail,
// export-dark-mode-light and -dark, export-long-text-600 and -375, export-preview,
// export-minimal-800, export-hostile.
// Renders with the compiled server code: run `npm run build:server` first (npm test does).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  EMAIL_PLATFORMS,
  ID,
  asClient,
  base,
  browser,
  buildEmailViewModel,
  dialogs,
  findMailClient,
  hits,
  input,
  inspect,
  open,
  renderEmailExport,
  renderEmailPreviewPage,
  shoot,
  snippet,
  startExportRender,
  stopExportRender,
} from './support/export-render.ts';

before(startExportRender);
after(stopExportRender);

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
