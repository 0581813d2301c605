import { describe, expect, it } from '@jest/globals';
import type { SnippetView } from '@shared/api-types';
import { emptyForm, encodeTargetOf, fieldErrorsFromServer, formErrors, formFromSnippet, hasEssentials, needsReencode, completeLandingPageUrl, completeVideoLink, previewClickTarget, shownPublicTitle, toPayload, videoLinkOf, withOverlayChecked } from './snippet-form';

const VIDEO = { fileId: '11111111-2222-4333-8444-555555555555', url: 'http://x/v.mp4', name: 'clip.mp4' };
const LOGO = { fileId: '21111111-2222-4333-8444-555555555555', url: 'http://x/l.png', name: 'logo.png' };
const BUTTON = { title: 'Shop', url: 'https://shop.example.com/', backgroundColor: '#444444', fontColor: '#ffffff', btnSize: 'small' as const, fontSize: 'small' as const, radius: 0, bold: true };

function saved(over: Partial<SnippetView> = {}): SnippetView {
  return {
    snippet: 's1', title: 'Spring', publicTitle: 'Spring', status: true, dateCreatedUTC: '2025-01-01T00:00:00Z', dateUpdatedUTC: '2025-01-01T00:00:00Z', thumbnailUrl: 'http://x/p.jpg',
    previewUrl: '', liveUrl: '', exportUrl: '', livePreviewUrlForEmail: '', landingPageUrl: 'https://example.com/', logoImageId: LOGO.fileId,
    logoImageUrl: LOGO.url, logoImageAlignment: 'center', logoImageWidth: 160, coverImageId: null, coverImageUrl: null, coverImagePlacement: 'above',
    coverImageSpacing: 2, videoId: VIDEO.fileId, videoUrl: 'http://x/e.mp4', gifId: null, gifUrl: null, video: { url: 'http://x/e.mp4', thumbnailUrl: 'http://x/p.jpg', gifUrl: null },
    videoLogoImgId: null, videoLogoImgUrl: null, videoURLData: null, addVideoOverlay: true, videoOverlay: 'white', width: 640,
    ctaButtonsJSON: JSON.stringify([BUTTON]), ctaButtonsHTML: '<table></table>', encoding: { state: 'completed', progress: 100 }, ...over,
  };
}

describe('the EyeMail form', () => {
  it('starts from the spec defaults', () => {
    expect(emptyForm()).toMatchObject({ width: 600, logoImageWidth: 120, logoImageAlignment: 'left', coverImagePlacement: 'below', coverImageSpacing: 1, videoOverlay: 'none', addVideoOverlay: false });
  });

  it('needs a video and a name before it can be sent', () => {
    expect(hasEssentials(emptyForm())).toBe(false);
    expect(hasEssentials({ ...emptyForm(), title: '  ' , video: VIDEO })).toBe(false);
    expect(hasEssentials({ ...emptyForm(), title: 'Spring', video: null })).toBe(false);
    expect(hasEssentials({ ...emptyForm(), title: 'Spring', video: VIDEO })).toBe(true);
  });

  it('reports the shared messages, and required ones only once submitted', () => {
    const bad = { ...emptyForm(), width: 900, landingPageUrl: 'javascript:alert(1)', videoLink: 'ftp://x', logoImageWidth: 700 };
    expect(formErrors(bad, 'premium')).toEqual({
      width: 'Video width can be up to 800px.',
      landingPageUrl: 'Not a valid URL',
      videoLink: 'Not a valid url.',
      logoImageWidth: 'Logo size less than 600px',
    });
    expect(formErrors(emptyForm(), 'premium', true)).toEqual({ title: 'Title is required', video: 'Video is required.' });
    expect(formErrors({ ...emptyForm(), title: 'x'.repeat(241) }, 'premium').title).toBe('Title must not exceed 240 characters in length');
    // Express has no logo, so its width is not checked.
    expect(formErrors({ ...emptyForm(), logoImageWidth: 700 }, 'express')).toEqual({});
  });

  it('turns the mute icon checkbox into black, then none', () => {
    const on = withOverlayChecked(emptyForm(), true);
    expect(on).toMatchObject({ addVideoOverlay: true, videoOverlay: 'black' });
    expect(withOverlayChecked({ ...on, videoOverlay: 'white' }, false)).toMatchObject({ addVideoOverlay: false, videoOverlay: 'none' });
  });

  it('becomes the create payload, without logo, cover and buttons for Express', () => {
    const values = { ...emptyForm(), title: ' Spring ', video: VIDEO, logo: LOGO, cover: LOGO, buttons: [BUTTON], landingPageUrl: ' ', width: '700', logoImageWidth: '80' };
    const standard = toPayload(values, 'premium');
    expect(standard).toMatchObject({ title: 'Spring', videoId: VIDEO.fileId, logoImageId: LOGO.fileId, coverImageId: LOGO.fileId, landingPageUrl: null, width: 700, logoImageWidth: 80, videoOverlay: 'none' });
    expect(JSON.parse(standard.ctaButtonsJSON)).toEqual([BUTTON]);
    const express = toPayload(values, 'express');
    expect(express).toMatchObject({ logoImageId: null, coverImageId: null, ctaButtonsJSON: '[]', videoId: VIDEO.fileId });
  });

  it('sends the title recipients see: the name until one is typed, the name again when emptied', () => {
    const base = { ...emptyForm(), title: ' Q3 test B ', video: VIDEO };
    expect(shownPublicTitle(base)).toBe(' Q3 test B ');
    expect(toPayload(base, 'premium').publicTitle).toBe('Q3 test B');
    expect(toPayload({ ...base, publicTitle: ' Our autumn ' }, 'premium').publicTitle).toBe('Our autumn');
    expect(toPayload({ ...base, publicTitle: '' }, 'premium').publicTitle).toBeNull();
    expect(formErrors({ ...base, publicTitle: 'x'.repeat(241) }, 'premium').publicTitle).toBe('Title recipients see must not exceed 240 characters in length');
  });

  it('keeps a saved EyeMail’s public title when its name changes', () => {
    const v = formFromSnippet(saved({ title: 'Q3 test B', publicTitle: 'Our autumn' }));
    expect(shownPublicTitle({ ...v, title: 'Q3 test C' })).toBe('Our autumn');
  });

  it('round-trips a saved EyeMail into the edit form', () => {
    const v = formFromSnippet(saved());
    expect(v).toMatchObject({ title: 'Spring', width: 640, addVideoOverlay: true, videoOverlay: 'white', logoImageAlignment: 'center', logoImageWidth: 160, coverImagePlacement: 'above', coverImageSpacing: 2, landingPageUrl: 'https://example.com/' });
    expect(v.video?.fileId).toBe(VIDEO.fileId);
    expect(v.buttons).toEqual([BUTTON]);
  });

  it("reads the saved video link (the API's videoURLData), empty meaning none", () => {
    expect(videoLinkOf({ videoURLData: 'https://example.com/watch' })).toBe('https://example.com/watch');
    expect(videoLinkOf({ videoURLData: '' })).toBeNull();
    expect(videoLinkOf({ videoURLData: null })).toBeNull();
    expect(formFromSnippet({ ...saved(), videoURLData: 'https://example.com/watch' }).videoLink).toBe('https://example.com/watch');
    expect(formFromSnippet(saved()).videoLink).toBe('');
  });

  it('asks for an encoding only for a known video at a valid width', () => {
    expect(encodeTargetOf(emptyForm())).toBeNull();
    expect(encodeTargetOf({ ...emptyForm(), video: VIDEO, width: 850 })).toBeNull();
    expect(encodeTargetOf({ ...emptyForm(), video: VIDEO, addVideoOverlay: true, videoOverlay: 'none', width: '' })).toEqual({ fileId: VIDEO.fileId, overlay: 'black', width: 600 });
  });

  it('re-encodes on edit only when the video, the mute icon or the width changed', () => {
    const s = saved();
    const same = formFromSnippet(s);
    expect(needsReencode(s, { ...same, title: 'New title', landingPageUrl: 'https://other.example.com', buttons: [] })).toBe(false);
    expect(needsReencode(s, { ...same, videoOverlay: 'black' })).toBe(true);
    expect(needsReencode(s, withOverlayChecked(same, false))).toBe(true);
    expect(needsReencode(s, { ...same, width: 600 })).toBe(true);
    expect(needsReencode(s, { ...same, video: { ...VIDEO, fileId: '31111111-2222-4333-8444-555555555555' } })).toBe(true);
  });

  it('puts server field errors on the matching fields', () => {
    expect(fieldErrorsFromServer({ videoId: 'Video is required.', title: 'Title is required', other: 'x' })).toEqual({ video: 'Video is required.', title: 'Title is required' });
    expect(fieldErrorsFromServer(null)).toEqual({});
  });
});

describe('previewClickTarget', () => {
  it('names a valid landing page, normalised as saved', () => {
    expect(previewClickTarget(' https://Shop.example.com/spring ')).toEqual({ kind: 'landing-page', url: 'https://shop.example.com/spring' });
  });
  it('says the web view without a landing page, as the export links it', () => {
    expect(previewClickTarget('')).toEqual({ kind: 'web-view' });
    expect(previewClickTarget('   ')).toEqual({ kind: 'web-view' });
  });
  it('never echoes invalid input', () => {
    for (const bad of ['not a url', 'javascript:alert(1)', 'shop.example.com', 'https://', '<img src=x onerror=alert(1)>']) {
      expect(previewClickTarget(bad)).toBeNull();
    }
  });
});

describe('completeLandingPageUrl and completeVideoLink (on leaving the field)', () => {
  it('adds https:// to a link typed without its scheme', () => {
    expect(completeLandingPageUrl('shop.example.com/winter')).toBe('https://shop.example.com/winter');
    expect(completeLandingPageUrl(' shop.example.com ')).toBe('https://shop.example.com');
    expect(completeVideoLink('youtube.com/watch?v=abc')).toBe('https://youtube.com/watch?v=abc');
    expect(completeLandingPageUrl('//shop.example.com')).toBe('https://shop.example.com');
  });
  it('leaves valid, blank and hopeless input as typed, never turning it into another link', () => {
    for (const keep of ['https://shop.example.com/a', 'http://shop.example.com', '', '   ', 'not a url', 'javascript:alert(1)', 'ftp://files.example.com', 'mailto:a@example.com', '<img src=x onerror=alert(1)>']) {
      expect(completeLandingPageUrl(keep)).toBe(keep);
      expect(completeVideoLink(keep)).toBe(keep);
    }
  });
});
