import { describe, expect, it } from '@jest/globals';
import { wentTo } from './went-to';

const row = (over: Partial<Parameters<typeof wentTo>[0]>) => ({ activity: 'click' as const, destination: null, destinationLabel: null, target: null, ...over });

describe('wentTo', () => {
  it("says where a click went, a button by its label", () => {
    expect(wentTo(row({ destination: 'landing-page', target: 'https://shop.example.com/' }))).toBe('Landing page');
    expect(wentTo(row({ destination: 'web-view' }))).toBe('Web view');
    expect(wentTo(row({ destination: 'button', destinationLabel: 'Shop now', target: 'https://shop.example.com/' }))).toBe('Button \u201cShop now\u201d');
  });

  it('says nothing for a view', () => {
    expect(wentTo(row({ activity: 'view' }))).toBeNull();
  });
});
