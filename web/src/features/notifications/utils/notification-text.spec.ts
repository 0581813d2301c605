import { describe, expect, it } from '@jest/globals';
import { bellLabel, bellLine } from './notification-text';

describe('notification text', () => {
  it('says who did what to which EyeMail', () => {
    expect(bellLine({ receiver: 'ada@example.com', kind: 'half', title: 'Spring' })).toBe('ada@example.com watched half of Spring');
    expect(bellLine({ receiver: 'bo@example.com', kind: 'click', title: 'Launch' })).toBe('bo@example.com clicked Launch');
    expect(bellLine({ receiver: 'cy@example.com', kind: 'end', title: 'Launch' })).toBe('cy@example.com watched to the end of Launch');
  });

  it('names the bell with its unread count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(250)).toBe('Notifications, more than 99 unread');
  });
});
