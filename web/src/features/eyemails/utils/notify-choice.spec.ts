import { describe, expect, it } from '@jest/globals';
import { notifyChanged } from './notify-choice';

describe('notifyChanged', () => {
  it('saves a new EyeMail’s choice only when it is its own', () => {
    expect(notifyChanged(null, { inherit: true, events: ['open'] })).toBe(false);
    expect(notifyChanged(null, { inherit: false, events: [] })).toBe(true);
  });

  it('saves an edit that switches between the default and its own, or changes its events', () => {
    const own = { inherit: false, events: ['play' as const] };
    expect(notifyChanged(own, { inherit: true, events: ['play'] })).toBe(true);
    expect(notifyChanged({ inherit: true, events: ['open'] }, { inherit: true, events: ['open'] })).toBe(false);
    expect(notifyChanged(own, { inherit: false, events: ['play'] })).toBe(false);
    expect(notifyChanged(own, { inherit: false, events: [] })).toBe(true);
  });
});
