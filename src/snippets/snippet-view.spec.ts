import type { CtaButton } from '../shared/snippet-rules.js';
import {
  shortIdFromSlug,
  slugifyTitle,
  snippetSlug,
  snippetUrls,
  toExportSnippet,
  toPublicSnippetView,
  toSnippetView,
  uuidRangeForShortId,
  type SnippetMedia,
  type SnippetRecord,
} from './snippet-view.js';

const BASE = 'https://app.eyemail.example';
const ID = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';
const CDN = 'https://cdn.example.com';

const button: CtaButton = {
  title: 'Shop now',
  url: 'https://shop.example.com/sale',
  backgroundColor: '#444444',
  fontColor: '#ffffff',
  btnSize: 'medium',
  fontSize: 'large',
  radius: 4,
  bold: true,
};

const record = (over: Partial<SnippetRecord> = {}): SnippetRecord => ({
  id: ID,
  title: 'Spring launch',
  status: true,
  videoFileId: '11111111-1111-4111-8111-111111111111',
  encodingId: '22222222-2222-4222-8222-222222222222',
  width: 640,
  addVideoOverlay: true,
  videoOverlay: 'white',
  gifFileId: null,
  logoFileId: '33333333-3333-4333-8333-333333333333',
  logoAlignment: 'center',
  logoWidth: 150,
  coverFileId: '44444444-4444-4444-8444-444444444444',
  coverPlacement: 'above',
  coverSpacing: 2,
  videoIconFileId: null,
  landingPageUrl: 'https://shop.example.com/',
  videoLinkUrl: 'https://shop.example.com/film',
  ctaButtons: [button],
  createdAt: new Date('2025-03-01T10:00:00Z'),
  updatedAt: new Date('2025-03-02T11:30:00Z'),
  ...over,
});

const media = (over: Partial<SnippetMedia> = {}): SnippetMedia => ({
  encoding: { state: 'completed', progress: 100, videoUrl: `${CDN}/v.mp4`, thumbnailUrl: `${CDN}/p.jpg`, gifUrl: `${CDN}/g.gif` },
  gifUrl: null,
  logoUrl: `${CDN}/logo.png`,
  coverUrl: `${CDN}/cover.jpg`,
  videoIconUrl: null,
  ...over,
});

describe('snippet view', () => {
  it('names every field as the contract does, with absolute addresses', () => {
    const v = toSnippetView(record(), media(), `${BASE}/`);
    expect(v).toMatchObject({
      snippet: ID,
      title: 'Spring launch',
      status: true,
      dateCreatedUTC: '2025-03-01T10:00:00.000Z',
      dateUpdatedUTC: '2025-03-02T11:30:00.000Z',
      thumbnailUrl: `${CDN}/p.jpg`,
      previewUrl: `${BASE}/livePreview/${ID}`,
      liveUrl: `${BASE}/live/${ID}`,
      exportUrl: `${BASE}/eyemail/${ID}`,
      livePreviewUrlForEmail: `${BASE}/emailpreview/${ID}`,
      logoImageUrl: `${CDN}/logo.png`,
      logoImageAlignment: 'center',
      logoImageWidth: 150,
      coverImageUrl: `${CDN}/cover.jpg`,
      coverImagePlacement: 'above',
      coverImageSpacing: 2,
      videoUrl: `${CDN}/v.mp4`,
      gifUrl: `${CDN}/g.gif`,
      video: { url: `${CDN}/v.mp4`, thumbnailUrl: `${CDN}/p.jpg`, gifUrl: `${CDN}/g.gif` },
      videoURLData: 'https://shop.example.com/film',
      addVideoOverlay: true,
      videoOverlay: 'white',
      width: 640,
      encoding: { state: 'completed', progress: 100 },
    });
  });

  it('gives the buttons as a JSON string with the CSS values older clients read, and generates their HTML', () => {
    const v = toSnippetView(record(), media(), BASE);
    expect(JSON.parse(v.ctaButtonsJSON)).toEqual([{ ...button, padding: '15px 10px', fontValue: '1.4em' }]);
    expect(v.ctaButtonsHTML).toContain('href="https://shop.example.com/sale"');
    expect(v.ctaButtonsHTML).toContain('>Shop now</a>');
    // the owner's view counts nothing
    expect(v.ctaButtonsHTML).not.toContain('/t/c/');
    expect(toSnippetView(record({ ctaButtons: [] }), media(), BASE)).toMatchObject({ ctaButtonsJSON: '[]', ctaButtonsHTML: '' });
  });

  it("uses the user's own GIF over the encoder's", () => {
    const v = toSnippetView(record({ gifFileId: '55555555-5555-4555-8555-555555555555' }), media({ gifUrl: `${CDN}/mine.gif` }), BASE);
    expect(v.gifUrl).toBe(`${CDN}/mine.gif`);
    expect(v.video.gifUrl).toBe(`${CDN}/mine.gif`);
    expect(v.gifId).toBe('55555555-5555-4555-8555-555555555555');
  });

  it('shows no URLs while the encoding cannot be found', () => {
    const v = toSnippetView(record(), media({ encoding: null }), BASE);
    expect(v).toMatchObject({ thumbnailUrl: null, videoUrl: null, gifUrl: null, encoding: null });
  });
});

describe('public snippet view', () => {
  it('has display fields only, and tracked button links when asked', () => {
    const v = toPublicSnippetView(record(), media(), 'premium', { trackUrl: (u) => `${BASE}/t/c/${ID}?u=${encodeURIComponent(u)}` });
    expect(v).not.toHaveProperty('videoId');
    expect(v).not.toHaveProperty('logoImageId');
    expect(v).toMatchObject({ logoImageUrl: `${CDN}/logo.png`, coverImageUrl: `${CDN}/cover.jpg`, landingPageUrl: 'https://shop.example.com/' });
    expect(v.ctaButtonsHTML).toContain(`${BASE}/t/c/${ID}?u=${encodeURIComponent('https://shop.example.com/sale')}`);
  });

  it('shows the video only for an Express owner, whatever is stored', () => {
    const v = toPublicSnippetView(record(), media(), 'express');
    expect(v).toMatchObject({ logoImageUrl: null, coverImageUrl: null, ctaButtonsHTML: '' });
    expect(v.videoUrl).toBe(`${CDN}/v.mp4`);
  });
});

describe('export snippet', () => {
  it('hands the export core the stored choices, media URLs and pixel sizes', () => {
    const sized = media({
      encoding: { state: 'completed', progress: 100, videoUrl: `${CDN}/v.mp4`, thumbnailUrl: `${CDN}/p.jpg`, gifUrl: `${CDN}/g.gif`, outWidth: 640, outHeight: 360 },
      sizes: { logo: { width: 300, height: 100 }, cover: { width: 1280, height: 400 } },
    });
    expect(toExportSnippet(record(), sized)).toEqual({
      id: ID,
      title: 'Spring launch',
      width: 640,
      logo: { url: `${CDN}/logo.png`, alignment: 'center', width: 150, size: { width: 300, height: 100 } },
      cover: { url: `${CDN}/cover.jpg`, placement: 'above', spacing: 2, size: { width: 1280, height: 400 } },
      // the encoder's GIF has the video's shape
      video: { mp4Url: `${CDN}/v.mp4`, posterUrl: `${CDN}/p.jpg`, gifUrl: `${CDN}/g.gif`, size: { width: 640, height: 360 }, gifSize: { width: 640, height: 360 } },
      videoIcon: null,
      addVideoOverlay: true,
      videoOverlay: 'white',
      landingPageUrl: 'https://shop.example.com/',
      videoLinkUrl: 'https://shop.example.com/film',
      buttons: [button],
    });
  });

  it("gives the user's own GIF its own size, and the call-to-action video icon", () => {
    const e = toExportSnippet(
      record({ gifFileId: ID, videoIconFileId: ID }),
      media({ gifUrl: `${CDN}/mine.gif`, videoIconUrl: `${CDN}/icon.png`, sizes: { gif: { width: 500, height: 500 }, videoIcon: { width: 64, height: 32 } } }),
    );
    expect(e.video).toMatchObject({ gifUrl: `${CDN}/mine.gif`, gifSize: { width: 500, height: 500 } });
    expect(e.videoIcon).toEqual({ url: `${CDN}/icon.png`, size: { width: 64, height: 32 } });
  });

  it('leaves out a logo or cover whose file is gone', () => {
    const e = toExportSnippet(record(), media({ logoUrl: null, coverUrl: null }));
    expect(e.logo).toBeNull();
    expect(e.cover).toBeNull();
  });
});

describe('snippet addresses', () => {
  it('are absolute on the public base URL', () => {
    expect(snippetUrls('http://localhost:3000/', 'abc')).toEqual({
      previewUrl: 'http://localhost:3000/livePreview/abc',
      liveUrl: 'http://localhost:3000/live/abc',
      exportUrl: 'http://localhost:3000/eyemail/abc',
      livePreviewUrlForEmail: 'http://localhost:3000/emailpreview/abc',
    });
  });
});

describe('readable slugs', () => {
  it.each([
    ['Spring Sale: 50% off!', 'spring-sale-50-off'],
    ['  Crème brûlée — Paris  ', 'creme-brulee-paris'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['日本語', 'eyemail'],
    ['', 'eyemail'],
    ['a'.repeat(100), 'a'.repeat(60)],
  ])('%p becomes %p', (title, slug) => {
    expect(slugifyTitle(title)).toBe(slug);
  });

  it('ends in the first 8 digits of the id, which can be read back', () => {
    const slug = snippetSlug('Spring Sale', ID.toUpperCase());
    expect(slug).toBe('spring-sale-3f2b8c1e');
    expect(shortIdFromSlug(slug)).toBe('3f2b8c1e');
    expect(shortIdFromSlug('3f2b8c1e')).toBe('3f2b8c1e');
  });

  it.each([['spring-sale'], ['spring-sale-3f2b8c1'], ['spring sale-3f2b8c1e'], ['../3f2b8c1e'], ['spring-sale-3f2b8c1g'], ['']])('%p is not a slug', (s) => {
    expect(shortIdFromSlug(s)).toBeNull();
  });

  it('maps a short id to the range of ids that start with it', () => {
    expect(uuidRangeForShortId('3f2b8c1e')).toEqual(['3f2b8c1e-0000-0000-0000-000000000000', '3f2b8c1e-ffff-ffff-ffff-ffffffffffff']);
  });
});

describe('the title recipients see', () => {
  const named = record({ title: 'Q3 test B (internal)', publicTitle: 'Our autumn collection' });

  it('is what the viewer and the export read; the owner sees both', () => {
    expect(toPublicSnippetView(named, media(), 'premium').title).toBe('Our autumn collection');
    expect(toExportSnippet(named, media()).title).toBe('Our autumn collection');
    expect(toSnippetView(named, media(), BASE)).toMatchObject({ title: 'Q3 test B (internal)', publicTitle: 'Our autumn collection' });
  });

  it('falls back to the name when an older record has none', () => {
    expect(toPublicSnippetView(record({ publicTitle: null }), media(), 'premium').title).toBe('Spring launch');
    expect(toExportSnippet(record({ publicTitle: '  ' }), media()).title).toBe('Spring launch');
  });
});
