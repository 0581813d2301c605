import { notifyChoiceText, notifyEventsError, orderedEvents, NOTIFY_MESSAGES } from './notify-rules.js';

describe('notify rules', () => {
  it('accept a list of known events, empty included', () => {
    expect(notifyEventsError([])).toBeNull();
    expect(notifyEventsError(['click', 'open'])).toBeNull();
    expect(notifyEventsError(['open', 'play', 'half', 'end', 'sound', 'click'])).toBeNull();
  });

  it('refuse anything else with one message', () => {
    for (const bad of [undefined, null, 'open', ['send'], ['open', 1], ['open', 'open', 'open', 'open', 'open', 'open', 'open'], {}]) {
      expect(notifyEventsError(bad)).toBe(NOTIFY_MESSAGES.events);
    }
  });

  it('order events and name a choice', () => {
    expect(orderedEvents(['click', 'open', 'click'])).toEqual(['open', 'click']);
    expect(notifyChoiceText({ inherit: false, events: ['click', 'open'] })).toBe('Opens, Clicks');
    expect(notifyChoiceText({ inherit: false, events: [] })).toBe('No mails');
    expect(notifyChoiceText({ inherit: true, events: ['open', 'play', 'half', 'end', 'sound', 'click'] })).toBe('Every event (account default)');
    expect(notifyChoiceText({ inherit: false, events: ['end', 'open'] })).toBe('Opens, Watched to the end');
    expect(NOTIFY_MESSAGES.events).toBe('Choose events among open, play, half, end, sound and click.');
  });
});
