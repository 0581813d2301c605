import {
  DEFAULT_HEADER_TEXT,
  MAX_BUTTONS,
  exportOptionsFromPreviewQuery,
  previewQueryFor,
  SNIPPET_MESSAGES,
  buttonUrlError,
  headerTextError,
  preheaderError,
  landingPageUrlError,
  logoWidthError,
  normalizeForTier,
  parseCtaButtonsJson,
  parseHttpUrl,
  parseLogoWidth,
  parseWidth,
  radiusError,
  tierViolations,
  titleError,
  validateCtaButton,
  validateCtaButtons,
  validateExportOptions,
  validateSnippetForm,
  videoIdError,
  videoLinkError,
  withDefaultScheme,
} from './snippet-rules.js';

const VIDEO_ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const LOGO_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const COVER_ID = 'a1b2c3d4-0000-4000-8000-000000000002';
const button = (over: Record<string, unknown> = {}) => ({ title: 'Shop now', url: 'https://shop.example.com/sale', ...over });

describe('snippet title, video and width', () => {
  it.each([
    ['Spring launch', null],
    ['x'.repeat(240), null],
    ['', 'Title is required'],
    ['   ', 'Title is required'],
    [undefined, 'Title is required'],
    ['x'.repeat(241), 'Title must not exceed 240 characters in length'],
  ])('title %p gives %p', (value, expected) => {
    expect(titleError(value)).toBe(expected);
  });

  it('requires the video as a GUID', () => {
    expect(videoIdError('')).toBe('Video is required.');
    expect(videoIdError(null)).toBe('Video is required.');
    expect(videoIdError('not-a-guid')).toBe('Invalid Field');
    expect(videoIdError("1' OR '1'='1")).toBe('Invalid Field');
    expect(videoIdError(VIDEO_ID)).toBeNull();
  });

  it.each([
    ['', 600, null],
    [null, 600, null],
    [600, 600, null],
    ['720', 720, null],
    [800, 800, null],
    [801, 600, 'Video width can be up to 800px.'],
    [5000, 600, 'Video width can be up to 800px.'],
    [599, 600, 'Video width must be equal to or greater than 600'],
    ['abc', 600, 'Video width can be up to 800px.'],
    [700.5, 600, 'Video width can be up to 800px.'],
  ])('width %p is %p with error %p', (value, width, error) => {
    expect(parseWidth(value)).toEqual({ value: width, error });
  });

  it.each([
    ['', 120, null],
    [40, 40, null],
    ['600', 600, null],
    [120.4, 120, null],
    [39, 120, 'Logo width must be equal to or greater than 40'],
    [601, 120, 'Logo size less than 600px'],
    ['wide', 120, 'Invalid Field'],
  ])('logo width %p is %p with error %p', (value, width, error) => {
    expect(parseLogoWidth(value)).toEqual({ value: width, error });
    expect(logoWidthError(value)).toBe(error);
  });
});

describe('URLs', () => {
  it.each([
    'https://example.com',
    'http://shop.example.co.uk/path?a=1&b=2#top',
    'https://localhost:3000/x',
    'https://192.168.1.10/x',
    'https://xn--bcher-kva.example/',
  ])('accepts %p', (url) => {
    expect(parseHttpUrl(url)).not.toBeNull();
    expect(landingPageUrlError(url)).toBeNull();
    expect(videoLinkError(url)).toBeNull();
  });

  it.each([
    'example.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'mailto:ann@example.com',
    'https://user:secret@example.com/',
    'https://exa mple.com/',
    'https://example.com/\nx',
    'java\tscript:alert(1)',
    'http://intranet/',
    'https://',
    `https://example.com/${'a'.repeat(2100)}`,
    '/relative/path',
  ])('refuses %p with the spec messages', (url) => {
    expect(parseHttpUrl(url)).toBeNull();
    expect(landingPageUrlError(url)).toBe('Not a valid URL');
    expect(videoLinkError(url)).toBe('Not a valid url.');
  });

  it('leaves optional URLs optional', () => {
    expect(landingPageUrlError('')).toBeNull();
    expect(videoLinkError(undefined)).toBeNull();
  });

  it.each([
    ['example.com/sale', 'https://example.com/sale'],
    ['  www.example.com ', 'https://www.example.com'],
    ['//cdn.example.com/a', 'https://cdn.example.com/a'],
    ['localhost:3000/x', 'https://localhost:3000/x'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['data:text/html,x', 'data:text/html,x'],
  ])('button URL %p becomes %p', (typed, expected) => {
    expect(withDefaultScheme(typed)).toBe(expected);
  });

  it('refuses button URLs that are not http or https even after the scheme is added', () => {
    expect(buttonUrlError('example.com')).toBeNull();
    expect(buttonUrlError('javascript:alert(1)')).toBe('Not a valid url.');
    expect(buttonUrlError('data:text/html,x')).toBe('Not a valid url.');
    expect(buttonUrlError('not a url')).toBe('Not a valid url.');
    expect(buttonUrlError('')).toBe('Button URL is required');
  });
});

describe('call-to-action buttons', () => {
  it('fills in the defaults and adds https://', () => {
    expect(validateCtaButton({ title: ' Shop now ', url: 'shop.example.com/sale' })).toEqual({
      value: {
        title: 'Shop now',
        url: 'https://shop.example.com/sale',
        backgroundColor: '#444444',
        fontColor: '#ffffff',
        btnSize: 'small',
        fontSize: 'small',
        radius: 0,
        bold: true,
      },
      errors: {},
    });
  });

  it('keeps chosen values, normalises colours and reads the CSS values older clients send', () => {
    const r = validateCtaButton(button({ backgroundColor: '#E4A', fontColor: '#00FF00', padding: '20px 10px', fontValue: '1.2em', radius: '12', bold: 'false' }));
    expect(r.value).toMatchObject({ backgroundColor: '#ee44aa', fontColor: '#00ff00', btnSize: 'large', fontSize: 'medium', radius: 12, bold: false });
  });

  it.each([
    [{ title: '' }, 'title', 'Button text is required'],
    [{ title: 'x'.repeat(17) }, 'title', 'Button text must not exceed 16 characters in length'],
    [{ url: '' }, 'url', 'Button URL is required'],
    [{ url: 'javascript:alert(1)' }, 'url', 'Not a valid url.'],
    [{ backgroundColor: 'red' }, 'backgroundColor', 'Background color must be a colour like #444444'],
    [{ fontColor: '#12345' }, 'fontColor', 'Font color must be a colour like #444444'],
    [{ fontColor: 'expression(alert(1))' }, 'fontColor', 'Font color must be a colour like #444444'],
    [{ btnSize: 'huge' }, 'btnSize', 'Button size must be one of these: small, medium, large'],
    [{ fontSize: 'tiny' }, 'fontSize', 'Font size must be one of these: small, medium, large'],
    [{ radius: 31 }, 'radius', 'Radius must be equal to or less than 30'],
    [{ radius: -1 }, 'radius', 'Radius must be equal to or greater than 0'],
    [{ radius: '4px;}' }, 'radius', 'Invalid Field'],
  ])('refuses %p on %s', (over, field, message) => {
    const r = validateCtaButton(button(over));
    expect(r.value).toBeNull();
    expect(r.errors[field]).toBe(message);
  });

  it('accepts text of exactly 16 characters and radius 0 to 30', () => {
    expect(validateCtaButton(button({ title: 'x'.repeat(16), radius: 30 })).value).not.toBeNull();
    expect(radiusError(0)).toBeNull();
  });

  it(`allows at most ${MAX_BUTTONS} buttons`, () => {
    expect(validateCtaButtons(Array.from({ length: 4 }, () => button())).value).toHaveLength(4);
    expect(validateCtaButtons(Array.from({ length: 5 }, () => button()))).toEqual({ value: [], errors: { list: SNIPPET_MESSAGES.tooManyButtons } });
  });

  it('reports errors by index and stores nothing when one button is bad', () => {
    const r = validateCtaButtons([button(), button({ url: 'javascript:alert(1)' })]);
    expect(r).toEqual({ value: [], errors: { '1.url': 'Not a valid url.' } });
  });

  it('parses ctaButtonsJSON strings and refuses broken JSON', () => {
    expect(parseCtaButtonsJson(JSON.stringify([button()])).value).toHaveLength(1);
    expect(parseCtaButtonsJson('')).toEqual({ value: [], errors: {} });
    expect(parseCtaButtonsJson('[{"title":')).toEqual({ value: [], errors: { list: 'Invalid Field' } });
    expect(parseCtaButtonsJson('{"title":"x"}').errors).toEqual({ list: 'Invalid Field' });
    expect(parseCtaButtonsJson('[null]').errors).toEqual({ '0.title': 'Button text is required' });
  });
});

describe('the snippet form', () => {
  const form = (over: Record<string, unknown> = {}) => ({ title: 'Spring launch', videoId: VIDEO_ID, ...over });

  it('fills in every default for a minimal payload', () => {
    expect(validateSnippetForm(form())).toEqual({
      value: {
        title: 'Spring launch',
        videoId: VIDEO_ID,
        gifId: null,
        width: 600,
        landingPageUrl: null,
        videoLinkUrl: null,
        videoLogoImgId: null,
        addVideoOverlay: false,
        videoOverlay: 'none',
        logoImageId: null,
        logoImageAlignment: 'left',
        logoImageWidth: 120,
        coverImageId: null,
        coverImagePlacement: 'below',
        coverImageSpacing: 1,
        buttons: [],
      },
      errors: {},
    });
  });

  it('reports every bad field with its message', () => {
    const r = validateSnippetForm({
      title: '',
      videoId: '',
      width: 900,
      landingPageUrl: 'javascript:alert(1)',
      videoURLData: 'ftp://x.example.com',
      logoImageWidth: 700,
      logoImageAlignment: 'middle',
      coverImageSpacing: 7,
      coverImageId: 'nope',
      ctaButtonsJSON: JSON.stringify([button({ title: '' })]),
    });
    expect(r.value).toBeNull();
    expect(r.errors).toEqual({
      title: 'Title is required',
      videoId: 'Video is required.',
      width: 'Video width can be up to 800px.',
      landingPageUrl: 'Not a valid URL',
      videoURLData: 'Not a valid url.',
      logoImageWidth: 'Logo size less than 600px',
      logoImageAlignment: 'Logo alignment must be one of these: left, center, right',
      coverImageSpacing: 'Cover image spacing must be one of these: 0, 1, 2, 3',
      coverImageId: 'Invalid Field',
      'ctaButtonsJSON.0.title': 'Button text is required',
    });
  });

  it('ignores ctaButtonsHTML from the client and keeps the validated buttons', () => {
    const r = validateSnippetForm(form({ ctaButtonsHTML: '<script>alert(1)</script>', ctaButtonsJSON: JSON.stringify([button({ url: 'example.com' })]) }));
    expect(r.value).not.toHaveProperty('ctaButtonsHTML');
    expect(r.value!.buttons).toEqual([expect.objectContaining({ url: 'https://example.com/' })]);
  });

  it('turns the mute icon checkbox into an overlay', () => {
    expect(validateSnippetForm(form({ addVideoOverlay: true })).value).toMatchObject({ addVideoOverlay: true, videoOverlay: 'black' });
    expect(validateSnippetForm(form({ addVideoOverlay: true, videoOverlay: 'white' })).value!.videoOverlay).toBe('white');
    expect(validateSnippetForm(form({ addVideoOverlay: false, videoOverlay: 'white' })).value).toMatchObject({ addVideoOverlay: false, videoOverlay: 'none' });
  });

  it('drops logo, cover and buttons for Express accounts on the server', () => {
    const payload = form({
      logoImageId: LOGO_ID,
      logoImageWidth: 200,
      coverImageId: COVER_ID,
      coverImagePlacement: 'above',
      ctaButtonsJSON: JSON.stringify([button()]),
      addVideoOverlay: true,
      videoURLData: 'https://example.com/watch',
    });
    expect(validateSnippetForm(payload, 'premium').value).toMatchObject({ logoImageId: LOGO_ID, coverImageId: COVER_ID, buttons: [expect.anything()] });
    expect(validateSnippetForm(payload, 'express').value).toMatchObject({
      logoImageId: null,
      logoImageWidth: 120,
      coverImageId: null,
      coverImagePlacement: 'below',
      buttons: [],
      // Express keeps the video icon and link.
      addVideoOverlay: true,
      videoLinkUrl: 'https://example.com/watch',
    });
  });

  it('lets a server refuse instead, naming what an Express payload may not carry', () => {
    const payload = { title: 't', logoImageId: LOGO_ID, logoImageWidth: 100, coverImagePlacement: 'above', ctaButtonsJSON: '[]', ctaButtonsHTML: '<b>x</b>' };
    expect(tierViolations(payload, 'express')).toEqual(['logoImageId', 'logoImageWidth']);
    expect(tierViolations({ ...payload, ctaButtonsJSON: JSON.stringify([button()]) }, 'express')).toContain('ctaButtonsJSON');
    expect(tierViolations(payload, 'premium')).toEqual([]);
    expect(normalizeForTier(payload, 'express')).toMatchObject({ title: 't', logoImageId: null, ctaButtonsJSON: null });
    expect(normalizeForTier(payload, 'premium')).toBe(payload);
  });
});

describe('export options', () => {
  it('has the spec defaults', () => {
    expect(validateExportOptions(undefined)).toEqual({
      value: { headerText: DEFAULT_HEADER_TEXT, includeHeader: true, includeUnsubscribeLink: false, removeBranding: false, preheader: '' },
      errors: {},
    });
    expect(DEFAULT_HEADER_TEXT).toBe('If Unable to See or Hear, Click Here');
  });

  it('requires header text only while the header is included', () => {
    expect(validateExportOptions({ headerText: '  ' })).toEqual({ value: null, errors: { headerText: 'Please enter header text!' } });
    expect(validateExportOptions({ headerText: '', includeHeader: false }).value).toMatchObject({ includeHeader: false });
    expect(headerTextError('x'.repeat(201))).toBe('Header text must not exceed 200 characters in length');
  });

  it('takes an optional preheader of at most 150 characters, trimmed', () => {
    expect(validateExportOptions({ preheader: '  Spring is here: watch the film  ' }).value).toMatchObject({ preheader: 'Spring is here: watch the film' });
    expect(validateExportOptions({ preheader: '' }).value).toMatchObject({ preheader: '' });
    expect(validateExportOptions({ preheader: 'x'.repeat(150) }).value).toMatchObject({ preheader: 'x'.repeat(150) });
    expect(validateExportOptions({ preheader: 'x'.repeat(151) })).toEqual({
      value: null,
      errors: { preheader: 'Preview text must not exceed 150 characters in length' },
    });
    expect(preheaderError(42)).toBe('Preview text must not exceed 150 characters in length');
    expect(preheaderError(undefined)).toBeNull();
  });

  it('reads booleans sent as strings', () => {
    expect(validateExportOptions({ includeUnsubscribeLink: 'true', removeBranding: '1', includeHeader: 'false' }).value).toMatchObject({
      includeUnsubscribeLink: true,
      removeBranding: true,
      includeHeader: false,
    });
  });
});

describe('preview query', () => {
  it('goes from the export options to the query and back', () => {
    const options = { headerText: 'Watch with sound', includeHeader: true, includeUnsubscribeLink: true, removeBranding: true, preheader: 'New this spring' };
    const q = previewQueryFor(options, 'hubspot', true);
    expect(q).toEqual({ emailHeader: 'Watch with sound', speakerIcon: 'true', unsub: 'true', p: 'hubspot', brand: 'no', preheader: 'New this spring' });
    expect(previewQueryFor({ ...options, preheader: '' }, 'hubspot', true)).not.toHaveProperty('preheader');
    expect(exportOptionsFromPreviewQuery({ ...q })).toEqual({ options, platformCode: 'hubspot', speakerIcon: true });
  });

  it('reads a bare query as no header, no unsubscribe, branding on', () => {
    expect(exportOptionsFromPreviewQuery({})).toEqual({
      options: { headerText: DEFAULT_HEADER_TEXT, includeHeader: false, includeUnsubscribeLink: false, removeBranding: false, preheader: '' },
      platformCode: null,
      speakerIcon: null,
    });
    expect(exportOptionsFromPreviewQuery({ p: ['klaviyo', 'x'], speakerIcon: 'false', emailHeader: 'x'.repeat(500) })).toMatchObject({
      platformCode: 'klaviyo',
      speakerIcon: false,
      options: { headerText: 'x'.repeat(200) },
    });
  });
});
