import { BUTTON_DEFAULTS, type CtaButton } from '../../shared/snippet-rules.js';
import { findEmailPlatform } from '../email-platforms.js';
import { buildEmailViewModel } from './export-view-model.js';
import { ExportNotReadyError, type ExportSnippet } from './export-types.js';
import { absoluteAssetUrl, allowedClickTargets } from './export-urls.js';
import { heightAt, videoIconBox } from './email-geometry.js';

const BASE = 'https://app.eyemail.example';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const button = (title: string, url = `https://shop.example.com/${title}`): CtaButton => ({
  title,
  url,
  ...BUTTON_DEFAULTS,
});
const snippet = (over: Partial<ExportSnippet> = {}): ExportSnippet => ({
  id: ID,
  title: 'Spring launch',
  width: 600,
  logo: { url: 'https://cdn.example.com/logo.png', alignment: 'center', width: 160 },
  cover: { url: 'https://cdn.example.com/cover.jpg', placement: 'above', spacing: 2 },
  video: { mp4Url: 'https://cdn.example.com/v.mp4', posterUrl: 'https://cdn.example.com/p.jpg', gifUrl: 'https://cdn.example.com/g.gif' },
  addVideoOverlay: true,
  videoOverlay: 'black',
  landingPageUrl: 'https://shop.example.com/spring',
  videoLinkUrl: null,
  buttons: [button('one')],
  ...over,
});
const build = (over: Partial<ExportSnippet> = {}, rest: Partial<Parameters<typeof buildEmailViewModel>[0]> = {}) =>
  buildEmailViewModel({ snippet: snippet(over), platform: 'mailchimp', publicBaseUrl: BASE, ...rest });

// The web view through the click endpoint: u= is the plain web view, which is not one of the
// snippet's own targets, so the endpoint counts the click and redirects to the web view.
const WEB_VIEW_CLICK = `${BASE}/t/c/${ID}?v=*|URL:EMAIL|*&amp;u=${encodeURIComponent(`${BASE}/eyemail/${ID}`)}`;

describe('email view model', () => {
  it("uses the export option defaults: header on, unsubscribe where the platform's rules require it, branding on, open pixel", () => {
    const vm = build();
    expect(vm.header).toEqual({ hrefAttr: WEB_VIEW_CLICK, textHtml: 'If Unable to See or Hear, Click Here' });
    // Mailchimp requires *|UNSUB|* in every campaign; HubSpot adds its own footer.
    expect(vm.unsubscribe).toEqual({ hrefAttr: '*|UNSUB|*', elementName: null });
    expect(build({}, { platform: 'hubspot' }).unsubscribe).toBeNull();
    expect(build({}, { options: { includeUnsubscribeLink: false } }).unsubscribe).toBeNull();
    expect(vm.branding).toEqual({ hrefAttr: `${BASE}/` });
    expect(vm.openPixel).toEqual({ srcAttr: `${BASE}/t/o/${ID}.gif?v=*|URL:EMAIL|*` });
  });

  it('applies the options', () => {
    const vm = build({}, { options: { headerText: 'Watch it here', includeUnsubscribeLink: true, removeBranding: true } });
    expect(vm.header!.textHtml).toBe('Watch it here');
    expect(vm.unsubscribe).toEqual({ hrefAttr: '*|UNSUB|*', elementName: null });
    expect(vm.branding).toBeNull();
    expect(build({}, { options: { includeHeader: false } }).header).toBeNull();
    // A blank header text never reaches the email; the API refuses it before.
    expect(build({}, { options: { headerText: '  ' } }).header!.textHtml).toBe('If Unable to See or Hear, Click Here');
  });

  it("names the logo by the brand (the account's company), else by the EyeMail's title, escaped; never just 'Logo'", () => {
    expect(build({ brandName: 'Acme & Sons <Lisbon>' }).logo!.altHtml).toBe('Acme &amp; Sons &lt;Lisbon&gt;');
    expect(build({ brandName: '  ' }).logo!.altHtml).toBe('Spring launch');
    expect(build({ brandName: null, title: '"Spring" <b>' }).logo!.altHtml).toBe('&quot;Spring&quot; &lt;b&gt;');
  });

  it('sends logo and cover clicks through the tracker to the landing page', () => {
    const vm = build();
    // k=landing: the click goes where the landing page is at click time
    const tracked = `${BASE}/t/c/${ID}?v=*|URL:EMAIL|*&amp;u=${encodeURIComponent('https://shop.example.com/spring')}&amp;k=landing`;
    expect(vm.logo).toMatchObject({ hrefAttr: tracked, width: 160, align: 'center' });
    expect(vm.coverAbove).toMatchObject({ hrefAttr: tracked, spacingPx: 16 });
    expect(vm.coverBelow).toBeNull();
    expect(build({ cover: { url: 'https://cdn.example.com/c.jpg', placement: 'below', spacing: 0 } }).coverBelow).toMatchObject({ spacingPx: 0 });
    expect(build({ landingPageUrl: null }).logo!.hrefAttr).toBeNull();
  });

  it('links the video, the GIF and the poster to the landing page through the click endpoint, whatever the call-to-action video link', () => {
    const landing = `${BASE}/t/c/${ID}?v=*|URL:EMAIL|*&amp;u=${encodeURIComponent('https://shop.example.com/spring')}&amp;k=landing`;
    expect(build().video.hrefAttr).toBe(landing);
    expect(build({ videoLinkUrl: 'https://example.com/watch' }).video.hrefAttr).toBe(landing);
    expect(build().video.ariaLabelAttr).toBe('Play video: Spring launch (opens the landing page)');
  });

  it('links the video to the web view through the click endpoint when there is no landing page; the header always', () => {
    const vm = build({ landingPageUrl: null, videoLinkUrl: 'https://example.com/watch' });
    // k=landing: a landing page added later takes the click
    expect(vm.video.hrefAttr).toBe(`${WEB_VIEW_CLICK}&amp;k=landing`);
    expect(vm.video.ariaLabelAttr).toBe('Play video: Spring launch (opens the web view with sound)');
    expect(vm.header!.hrefAttr).toBe(WEB_VIEW_CLICK);
    expect(build().header!.hrefAttr).toBe(WEB_VIEW_CLICK);
  });

  it("names the video link with the title, escaped for the attribute, and the landing page directly in a preview", () => {
    expect(build({ title: 'Say "hi" <now>' }).video.ariaLabelAttr).toBe('Play video: Say &quot;hi&quot; &lt;now&gt; (opens the landing page)');
    expect(build({ title: '' }).video.ariaLabelAttr).toBe('Play video (opens the landing page)');
    expect(build({}, { preview: true }).video.hrefAttr).toBe('https://shop.example.com/spring');
  });

  it('names each button by its place on its tracked link', () => {
    const vm = build({ buttons: [button('one'), button('two')] });
    expect(vm.buttonsHtml).toContain(`u=${encodeURIComponent('https://shop.example.com/two')}&amp;b=2"`);
    expect(vm.buttonsHtml).toContain(`u=${encodeURIComponent('https://shop.example.com/one')}&amp;b=1"`);
  });

  it('states the height of every picture at the width it is shown, from the stored sizes', () => {
    const vm = build({
      width: 640,
      logo: { url: 'https://cdn.example.com/logo.png', alignment: 'center', width: 160, size: { width: 400, height: 100 } },
      cover: { url: 'https://cdn.example.com/cover.jpg', placement: 'below', spacing: 1, size: { width: 1280, height: 427 } },
      video: {
        mp4Url: 'https://cdn.example.com/v.mp4',
        posterUrl: 'https://cdn.example.com/p.jpg',
        gifUrl: 'https://cdn.example.com/g.gif',
        size: { width: 640, height: 360 },
        gifSize: { width: 480, height: 480 },
      },
    });
    expect(vm.logo).toMatchObject({ width: 160, height: 40 });
    expect(vm.coverBelow).toMatchObject({ width: 640, height: 214 });
    // the video at its shape; the user's square GIF at its own, for Outlook for Windows as well
    expect(vm.video).toMatchObject({ height: 360, fallbackHeight: 640, msoFallbackHeight: 640 });
    // unknown sizes: no height rather than a wrong one; a missing GIF size falls back to the video's
    expect(build().logo!.height).toBeNull();
    const noGifSize = build({ video: { mp4Url: 'https://cdn.example.com/v.mp4', posterUrl: 'https://cdn.example.com/p.jpg', gifUrl: 'https://cdn.example.com/g.gif', size: { width: 600, height: 338 } } });
    expect(noGifSize.video).toMatchObject({ height: 338, fallbackHeight: 338 });
  });

  it('computes heights and the video icon box', () => {
    expect(heightAt(600, { width: 1920, height: 1080 })).toBe(338);
    expect(heightAt(600, { width: 0, height: 10 })).toBeNull();
    expect(heightAt(600, null)).toBeNull();
    // at most 64 px high, never enlarged, never wider than the email
    expect(videoIconBox({ width: 256, height: 128 }, 600)).toEqual({ width: 128, height: 64 });
    expect(videoIconBox({ width: 48, height: 48 }, 600)).toEqual({ width: 48, height: 48 });
    expect(videoIconBox({ width: 4000, height: 100 }, 600)).toEqual({ width: 600, height: 15 });
    expect(videoIconBox({ width: null, height: 5 }, 600)).toBeNull();
  });

  it('shows the call-to-action video icon linked to the call-to-action video link, instead of Play with sound', () => {
    const icon = { url: 'https://cdn.example.com/icon.png', size: { width: 200, height: 100 } };
    const vm = build({ videoIcon: icon, videoLinkUrl: 'https://example.com/watch' });
    expect(vm.videoIcon).toEqual({
      srcAttr: 'https://cdn.example.com/icon.png',
      hrefAttr: `${BASE}/t/c/${ID}?v=*|URL:EMAIL|*&amp;u=${encodeURIComponent('https://example.com/watch')}&amp;k=icon`,
      altHtml: 'Watch the video',
      width: 128,
      height: 64,
    });
    expect(vm.muteIcon).toBeNull();
    // Without a video link it goes to the landing page, as on the detail page and /live.
    expect(build({ videoIcon: icon }).videoIcon!.hrefAttr).toBe(`${BASE}/t/c/${ID}?v=*|URL:EMAIL|*&amp;u=${encodeURIComponent('https://shop.example.com/spring')}&amp;k=icon`);
    expect(build({ videoIcon: icon, landingPageUrl: null }).videoIcon!.hrefAttr).toBeNull();
    // A preview links straight to it; Express accounts keep it.
    expect(build({ videoIcon: icon, videoLinkUrl: 'https://example.com/watch' }, { preview: true }).videoIcon!.hrefAttr).toBe('https://example.com/watch');
    expect(build({ videoIcon: icon }, { tier: 'express' }).videoIcon).not.toBeNull();
    expect(build({ videoIcon: { url: 'javascript:alert(1)' } }).videoIcon).toBeNull();
  });

  it('writes the preheader as escaped text followed by fillers up to about 150 characters', () => {
    expect(build().preheader).toBeNull();
    const vm = build({}, { options: { preheader: ' New: {{x}} <b>spring</b> ' } });
    expect(vm.preheader!.textHtml).toBe('New: &#123;&#123;x&#125;&#125; &lt;b&gt;spring&lt;/b&gt;');
    const fillers = vm.preheader!.fillerHtml.split('&#847;&zwnj;&nbsp;').length - 1;
    expect(fillers).toBe(Math.ceil((150 - 'New: {{x}} <b>spring</b>'.length) / 3));
    expect(build({}, { options: { preheader: 'x'.repeat(150) } }).preheader!.fillerHtml).toBe('');
  });

  it('falls back to the poster without a GIF, and gives Outlook for Windows the GIF (it moves in Microsoft 365)', () => {
    const vm = build({ video: { mp4Url: 'https://cdn.example.com/v.mp4', posterUrl: 'https://cdn.example.com/p.jpg', gifUrl: null } });
    expect(vm.video).toMatchObject({ fallbackSrcAttr: 'https://cdn.example.com/p.jpg', msoFallbackSrcAttr: 'https://cdn.example.com/p.jpg' });
    expect(build().video).toMatchObject({ fallbackSrcAttr: 'https://cdn.example.com/g.gif', msoFallbackSrcAttr: 'https://cdn.example.com/g.gif' });
  });

  it('refuses a snippet without any encoded image', () => {
    expect(() => build({ video: { mp4Url: 'https://cdn.example.com/v.mp4', posterUrl: '', gifUrl: null } })).toThrow(ExportNotReadyError);
    expect(() => build({ video: { mp4Url: '', posterUrl: 'data:image/png;base64,AAAA' } })).toThrow(ExportNotReadyError);
  });

  it('keeps the width within 600-800 and the logo within the width', () => {
    expect(build({ width: 5000 }).width).toBe(800);
    expect(build({ width: 12 }).width).toBe(600);
    expect(build({ logo: { url: 'https://cdn.example.com/l.png', width: 4000 } }).logo).toMatchObject({ width: 600, align: 'left' });
  });

  it('shows the mute icon only when the snippet asks for it', () => {
    expect(build().muteIcon).toEqual({ srcAttr: `${BASE}/static/email/sound-off.png`, hrefAttr: WEB_VIEW_CLICK });
    expect(build({ addVideoOverlay: false }).muteIcon).toBeNull();
    // The preview link's speakerIcon switch applies to previews only.
    expect(build({ addVideoOverlay: true }, { preview: true, previewMuteIcon: false }).muteIcon).toBeNull();
    expect(build({ addVideoOverlay: false }, { preview: true, previewMuteIcon: true }).muteIcon).not.toBeNull();
    expect(build({ addVideoOverlay: true }, { previewMuteIcon: false }).muteIcon).not.toBeNull();
  });

  it('drops logo, cover and buttons for Express accounts whatever is stored', () => {
    const vm = build({}, { tier: 'express' });
    expect(vm.logo).toBeNull();
    expect(vm.coverAbove).toBeNull();
    expect(vm.buttonsHtml).toBe('');
    expect(vm.muteIcon).not.toBeNull();
  });

  it('does not track or count a preview', () => {
    const vm = build({}, { preview: true });
    expect(vm.openPixel).toBeNull();
    expect(vm.logo!.hrefAttr).toBe('https://shop.example.com/spring');
    expect(vm.header!.hrefAttr).toBe(`${BASE}/eyemail/${ID}`);
    expect(vm.buttonsHtml).toContain('href="https://shop.example.com/one"');
  });

  it('writes no v= for plain HTML and ignores the unsubscribe option there', () => {
    const vm = build({}, { platform: 'other', options: { includeUnsubscribeLink: true } });
    expect(vm.header!.hrefAttr).toBe(`${BASE}/t/c/${ID}?u=${encodeURIComponent(`${BASE}/eyemail/${ID}`)}`);
    expect(vm.openPixel!.srcAttr).toBe(`${BASE}/t/o/${ID}.gif`);
    expect(vm.unsubscribe).toBeNull();
  });

  it('uses the platform\'s element where its unsubscribe is an element', () => {
    const vm = build({}, { platform: findEmailPlatform('campaign-monitor'), options: { includeUnsubscribeLink: true } });
    expect(vm.unsubscribe).toEqual({ hrefAttr: null, elementName: 'unsubscribe' });
  });

  it('refuses a public base URL that is not absolute http(s)', () => {
    expect(() => build({}, { publicBaseUrl: 'javascript:alert(1)//' })).toThrow(/publicBaseUrl/);
  });
});

describe('asset URLs', () => {
  it.each([
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['/media/abc/poster.jpg', `${BASE}/media/abc/poster.jpg`],
    ['https://cdn.example.com/a b.jpg', null],
    ['https://cdn.example.com/%%emailaddr%%/{{x}}.jpg', 'https://cdn.example.com/%25%25emailaddr%25%25/%7B%7Bx%7D%7D.jpg'],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
    ['//evil.example.com/a.jpg', null],
    ['poster.jpg', null],
    [null, null],
  ])('%p is written as %p', (url, expected) => {
    expect(absoluteAssetUrl(url, `${BASE}/`)).toBe(expected);
  });
});

describe('click targets', () => {
  it('are the landing page, the video link and the buttons, http(s) only', () => {
    expect(
      allowedClickTargets({
        landingPageUrl: 'https://shop.example.com/spring',
        videoLinkUrl: 'javascript:alert(1)',
        buttons: [button('one'), button('bad', 'data:text/html,x')],
      }),
    ).toEqual(['https://shop.example.com/spring', 'https://shop.example.com/one']);
  });
});
