import { describe, expect, it } from '@jest/globals';
import { draftKey, isWorthKeeping, parseDraft, sameForm } from './create-draft';
import { emptyForm } from './snippet-form';

const video = { fileId: '0b7c3f2e-1111-4222-8333-444455556666', url: 'https://x.test/v.mp4', name: 'Launch' };

describe('create draft', () => {
  it('is kept per user', () => {
    expect(draftKey('u1')).not.toBe(draftKey('u2'));
  });

  it('is worth keeping once anything was typed or chosen', () => {
    expect(isWorthKeeping(emptyForm())).toBe(false);
    expect(isWorthKeeping({ ...emptyForm(), title: 'Spring' })).toBe(true);
    expect(isWorthKeeping({ ...emptyForm(), video })).toBe(true);
  });

  it('compares forms field by field', () => {
    expect(sameForm(emptyForm(), emptyForm())).toBe(true);
    expect(sameForm({ ...emptyForm(), width: 700 }, emptyForm())).toBe(false);
  });

  it('reads back what was stored', () => {
    const values = { ...emptyForm(), title: 'Spring', video, landingPageUrl: 'https://shop.test/' };
    const draft = parseDraft(JSON.stringify({ values, savedAt: '2026-01-01T00:00:00.000Z' }));
    expect(draft?.values).toEqual(values);
    expect(draft?.savedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('ignores nothing, broken text, an empty form and fields of the wrong type', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft(JSON.stringify({ values: emptyForm(), savedAt: 'x' }))).toBeNull();
    const odd = parseDraft(JSON.stringify({ values: { title: 'Kept', video: 'not a file', buttons: 'no', extra: 1 }, savedAt: 'x' }));
    expect(odd?.values).toEqual({ ...emptyForm(), title: 'Kept' });
  });
});
