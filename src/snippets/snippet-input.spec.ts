import { describe, expect, it } from '@jest/globals';
import { publicTitleToStore } from './snippet-input.js';

describe('publicTitleToStore', () => {
  it('stores the title recipients see as sent', () => {
    expect(publicTitleToStore({ title: 'Q3 test B', publicTitle: 'Our autumn collection' }, null)).toBe('Our autumn collection');
    expect(publicTitleToStore({ title: 'Q3 test B', publicTitle: 'New words' }, 'Old words')).toBe('New words');
  });

  it('uses the name when sent empty, or on create when not sent', () => {
    expect(publicTitleToStore({ title: 'Spring sale', publicTitle: null }, 'Old words')).toBe('Spring sale');
    expect(publicTitleToStore({ title: 'Spring sale' }, null)).toBe('Spring sale');
  });

  it('keeps the stored one on an update that does not send it', () => {
    expect(publicTitleToStore({ title: 'Renamed internally' }, 'What recipients saw')).toBe('What recipients saw');
  });
});
