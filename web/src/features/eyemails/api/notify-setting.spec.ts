import { describe, expect, it } from '@jest/globals';
import { notifyPayload } from './notify-setting';

describe('notifyPayload', () => {
  it('sends the account default as inherit, with no events of its own', () => {
    expect(notifyPayload({ inherit: true, events: ['open', 'play'] })).toEqual({ inherit: true });
  });

  it("sends an EyeMail's own events as they are, none included", () => {
    expect(notifyPayload({ inherit: false, events: ['play', 'click'] })).toEqual({ events: ['play', 'click'] });
    expect(notifyPayload({ inherit: false, events: [] })).toEqual({ events: [] });
  });
});
