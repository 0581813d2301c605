import { describe, expect, it } from '@jest/globals';
import { canAddButton, draftPending, draftErrors, draftIsValid, emptyDraft, finishDraft, removeButton, saveButton } from './cta-editor-rules';

const draft = (over = {}) => ({ ...emptyDraft(), title: 'Shop now', url: 'shop.example.com/sale', ...over });

describe('the call-to-action editor', () => {
  it('starts with the spec defaults and waits for text and URL', () => {
    expect(emptyDraft()).toMatchObject({ backgroundColor: '#444444', fontColor: '#ffffff', btnSize: 'small', fontSize: 'small', radius: 0, bold: true });
    expect(draftIsValid(emptyDraft())).toBe(false);
    expect(draftIsValid(draft())).toBe(true);
  });

  it('says what is wrong with the shared messages', () => {
    expect(draftErrors(draft({ title: 'x'.repeat(17), url: 'javascript:alert(1)', backgroundColor: 'red', radius: 31 }))).toEqual({
      title: 'Button text must not exceed 16 characters in length',
      url: 'Not a valid url.',
      backgroundColor: 'Background color must be a colour like #444444',
      radius: 'Radius must be equal to or less than 30',
    });
  });

  it('adds https:// and one colour spelling on save', () => {
    expect(finishDraft(draft({ title: ' Shop ', backgroundColor: '#ABC', radius: '8' }))).toEqual({
      title: 'Shop', url: 'https://shop.example.com/sale', backgroundColor: '#aabbcc', fontColor: '#ffffff', btnSize: 'small', fontSize: 'small', radius: 8, bold: true,
    });
  });

  it('appends up to four, updates by index and removes', () => {
    let list = saveButton([], draft({ title: 'One' }), null);
    list = saveButton(list, draft({ title: 'Two' }), null);
    expect(list.map((b) => b.title)).toEqual(['One', 'Two']);
    list = saveButton(list, draft({ title: 'Uno' }), 0);
    expect(list.map((b) => b.title)).toEqual(['Uno', 'Two']);
    expect(saveButton(list, draft({ title: '' }), 1)).toBe(list);
    list = saveButton(saveButton(list, draft({ title: '3' }), null), draft({ title: '4' }), null);
    expect(canAddButton(list)).toBe(false);
    expect(saveButton(list, draft({ title: '5' }), null)).toHaveLength(4);
    expect(removeButton(list, 1).map((b) => b.title)).toEqual(['Uno', '3', '4']);
  });
});

describe('draftPending', () => {
  it('is pending only while the open form holds input not yet added or updated', () => {
    const start = emptyDraft();
    expect(draftPending(null, null, null)).toBeNull();
    expect(draftPending(start, start, null)).toBeNull();
    expect(draftPending({ ...start, title: 'Shop' }, start, null)).toBe('add');
    expect(draftPending({ ...start, title: 'Shop' }, start, 2)).toBe('update');
  });
});
