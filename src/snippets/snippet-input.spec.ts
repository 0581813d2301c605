import { OBJECT_EXPECTED } from '../common/parsed.pipe.js';
import { parseSnippetCreate, parseSnippetDelete, parseSnippetIdBody, parseSnippetStatus, parseSnippetUpdate } from './snippet-input.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

const VIDEO = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const LOGO = '4f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const payload = (over: Record<string, unknown> = {}) => ({ title: ' Spring ', videoId: VIDEO.toUpperCase(), width: 600, ...over });

describe('snippet create payload', () => {
  it('gives the checked form, without what the payload does not define', () => {
    const { value, errors } = parseSnippetCreate({ body: payload({ ownerId: 'x', status: false, logoImageUrl: 'http://x' }), tier: 'standard' });
    expect(errors).toEqual({});
    expect(value).toMatchObject({ title: 'Spring', videoId: VIDEO, width: 600, logoImageId: null, buttons: [] });
    expect(value).not.toHaveProperty('ownerId');
    expect(value).not.toHaveProperty('status');
  });

  it('refuses Express extras (403) before the field rules (400)', () => {
    expect(parseSnippetCreate({ body: payload({ logoImageId: LOGO, title: '' }), tier: 'enterprise' })).toEqual({ value: null, errors: {}, forbidden: M.expressOnlyVideo });
    expect(parseSnippetCreate({ body: payload({ logoImageId: LOGO }), tier: 'standard' }).value?.logoImageId).toBe(LOGO);
    // A logo URL is not a payload field, so it is no Express violation either.
    expect(parseSnippetCreate({ body: payload({ logoImageUrl: 'http://x/logo.png' }), tier: 'enterprise' }).forbidden).toBeUndefined();
  });

  it('names every bad field; an array is not a payload', () => {
    expect(parseSnippetCreate({ body: {}, tier: 'standard' }).errors).toEqual({ title: 'Title is required', videoId: 'Video is required.' });
    expect(parseSnippetCreate({ body: undefined, tier: 'standard' }).errors).toEqual({ title: 'Title is required', videoId: 'Video is required.' });
    expect(parseSnippetCreate({ body: [], tier: 'standard' })).toEqual({ value: null, errors: { body: OBJECT_EXPECTED } });
  });
});

describe('snippet update payload', () => {
  it('wants snippetId (not SnippetId) first, then checks the payload as create does', () => {
    for (const snippetId of [undefined, null, '']) expect(parseSnippetUpdate({ body: payload({ snippetId, title: '' }), tier: 'standard' }).errors).toEqual({ snippetId: M.snippetRequired });
    expect(parseSnippetUpdate({ body: payload({ SnippetId: VIDEO }), tier: 'standard' }).errors).toEqual({ snippetId: M.snippetRequired });
    expect(parseSnippetUpdate({ body: payload({ snippetId: 'nope', title: '' }), tier: 'standard' }).errors).toEqual({ title: 'Title is required' });
    expect(parseSnippetUpdate({ body: payload({ snippetId: VIDEO, logoImageId: LOGO }), tier: 'enterprise' }).forbidden).toBe(M.expressOnlyVideo);
  });

  it('passes the id as sent, for the ownership check', () => {
    const { value } = parseSnippetUpdate({ body: payload({ snippetId: 'nope' }), tier: 'standard' });
    expect(value?.snippetId).toBe('nope');
    expect(value?.form.title).toBe('Spring');
    expect(parseSnippetUpdate({ body: [], tier: 'standard' }).errors).toEqual({ body: OBJECT_EXPECTED });
  });
});

describe('snippet id bodies', () => {
  it('wants a boolean status', () => {
    expect(parseSnippetStatus({ snippetId: VIDEO, status: false, title: 'x' })).toEqual({ value: { snippetId: VIDEO, status: false }, errors: {} });
    for (const status of ['true', 1, null, undefined]) expect(parseSnippetStatus({ snippetId: VIDEO, status }).errors).toEqual({ status: M.status });
    expect(parseSnippetStatus([]).errors).toEqual({ status: M.status });
  });

  it('reads snippetId, and SnippetId first for delete', () => {
    expect(parseSnippetIdBody({ snippetId: VIDEO, SnippetId: 'x' }).value).toEqual({ snippetId: VIDEO });
    expect(parseSnippetDelete({ SnippetId: VIDEO, snippetId: 'x' }).value).toEqual({ snippetId: VIDEO });
    expect(parseSnippetDelete({ SnippetId: null, snippetId: VIDEO }).value).toEqual({ snippetId: VIDEO });
    expect(parseSnippetDelete({}).value).toEqual({ snippetId: undefined });
    for (const parse of [parseSnippetIdBody, parseSnippetDelete]) expect(parse([])).toEqual({ value: null, errors: { body: OBJECT_EXPECTED } });
  });
});
