import 'reflect-metadata';
import { ForbiddenError } from '../../common/domain-error.js';
import { checkBody as check } from '../../common/validation/input-check.fixtures.js';
import { SNIPPET_FIELD_RULES } from '../../shared/snippet-rules.js';
import { snippetFormOf } from '../snippet-input.js';
import { SNIPPET_API_MESSAGES as M } from '../snippet-messages.js';
import { tieredPayload } from '../tiered-body.decorator.js';
import { DeleteSnippetDto, SNIPPET_PAYLOAD_FIELDS, SnippetIdDto, SnippetPayloadDto, SnippetStatusDto, UpdateSnippetPayloadDto } from './snippet-payload.dto.js';

const VIDEO = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const LOGO = '4f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const payload = (over: Record<string, unknown> = {}) => ({ title: ' Spring ', videoId: VIDEO.toUpperCase(), width: 600, ...over });

describe('snippet create payload', () => {
  it('declares the fields in the order the shared rules show their messages, the buttons last', () => {
    expect(SNIPPET_PAYLOAD_FIELDS).toEqual([...SNIPPET_FIELD_RULES.map(([f]) => f), 'ctaButtonsJSON', 'addVideoOverlay', 'notify']);
  });

  it('gives the checked form, without what the payload does not define', async () => {
    const { value, errors } = await check(SnippetPayloadDto, payload({ ownerId: 'x', status: false, logoImageUrl: 'http://x' }));
    expect(errors).toEqual({});
    expect(value).not.toHaveProperty('ownerId');
    expect(value).not.toHaveProperty('logoImageUrl');
    expect(snippetFormOf(value!)).toMatchObject({ title: 'Spring', videoId: VIDEO, width: 600, logoImageId: null, buttons: [] });
  });

  it('reads numbers and booleans sent as form text', async () => {
    const { value } = await check(SnippetPayloadDto, payload({ width: '700', logoImageWidth: '90.6', coverImageSpacing: '2', addVideoOverlay: 'true', videoOverlay: 'WHITE' }));
    expect(snippetFormOf(value!)).toMatchObject({ width: 700, logoImageWidth: 91, coverImageSpacing: 2, addVideoOverlay: true, videoOverlay: 'white' });
  });

  it('names every bad field, the first as the message; the buttons by index and field', async () => {
    expect((await check(SnippetPayloadDto, {})).errors).toEqual({ title: 'Title is required', videoId: 'Video is required.' });
    expect((await check(SnippetPayloadDto, undefined)).errors).toEqual({ title: 'Title is required', videoId: 'Video is required.' });
    expect((await check(SnippetPayloadDto, [])).errors).toEqual({ body: 'Validation failed (object is expected)' });
    const buttons = JSON.stringify([{ title: 'Go', url: 'example.com' }, { title: '', url: 'javascript:x', radius: 99 }]);
    expect((await check(SnippetPayloadDto, payload({ width: 9000, ctaButtonsJSON: buttons }))).errors).toEqual({
      width: 'Video width can be up to 800px.',
      'ctaButtonsJSON.1.title': 'Button text is required',
      'ctaButtonsJSON.1.url': 'Not a valid url.',
      'ctaButtonsJSON.1.radius': 'Radius must be equal to or less than 30',
    });
    expect((await check(SnippetPayloadDto, payload({ ctaButtonsJSON: '{not json' }))).errors).toEqual({ ctaButtonsJSON: 'Invalid Field' });
  });
});

describe('tiered payload', () => {
  it('refuses Express extras (403) before the field rules, and clears what Express may not have', () => {
    expect(() => tieredPayload(payload({ logoImageId: LOGO, title: '' }), 'express')).toThrow(new ForbiddenError(M.expressOnlyVideo));
    expect(tieredPayload(payload({ logoImageId: LOGO }), 'premium')).toMatchObject({ logoImageId: LOGO });
    // A logo URL is not a payload field, so it is no Express violation either; defaults are harmless.
    expect(tieredPayload(payload({ logoImageUrl: 'http://x/logo.png', logoImageAlignment: 'center', ctaButtonsJSON: '[]' }), 'express')).toMatchObject({
      logoImageAlignment: null,
      ctaButtonsJSON: null,
    });
    for (const body of [[], 'text', null, undefined]) expect(tieredPayload(body, 'express')).toBe(body);
  });
});

describe('snippet update payload', () => {
  it('wants snippetId (not SnippetId), named first, and checks the payload as create does', async () => {
    for (const snippetId of [undefined, null, '']) {
      const { errors } = await check(UpdateSnippetPayloadDto, payload({ snippetId, title: '' }));
      expect(Object.entries(errors)[0]).toEqual(['snippetId', M.snippetRequired]);
    }
    expect((await check(UpdateSnippetPayloadDto, payload({ SnippetId: VIDEO }))).errors).toEqual({ snippetId: M.snippetRequired });
    expect((await check(UpdateSnippetPayloadDto, payload({ snippetId: 'nope', title: '' }))).errors).toEqual({ title: 'Title is required' });
  });

  it('passes the id as sent, for the ownership check', async () => {
    const { value } = await check(UpdateSnippetPayloadDto, payload({ snippetId: 'nope' }));
    expect(value?.snippetId).toBe('nope');
    expect(snippetFormOf(value!).title).toBe('Spring');
  });
});

describe('snippet id bodies', () => {
  it('wants a boolean status', async () => {
    expect({ ...(await check(SnippetStatusDto, { snippetId: VIDEO, status: false, title: 'x' })).value }).toEqual({ snippetId: VIDEO, status: false });
    for (const status of ['true', 1, null, undefined]) expect((await check(SnippetStatusDto, { snippetId: VIDEO, status })).errors).toEqual({ status: M.status });
  });

  it('reads snippetId, and both spellings for delete', async () => {
    expect({ ...(await check(SnippetIdDto, { snippetId: VIDEO, SnippetId: 'x' })).value }).toEqual({ snippetId: VIDEO });
    expect({ ...(await check(DeleteSnippetDto, { SnippetId: VIDEO, snippetId: 'x', other: 1 })).value }).toEqual({ SnippetId: VIDEO, snippetId: 'x' });
    for (const cls of [SnippetIdDto, DeleteSnippetDto]) expect((await check(cls, [])).errors).toEqual({ body: 'Validation failed (object is expected)' });
  });
});
