import { notificationKeyOf } from './notification-jobs.js';

describe('what caused a notification', () => {
  it('is the stored row of an open or click, whichever job fans it out', () => {
    expect(notificationKeyOf({ id: '42', kind: 'open' })).toBe('e42');
    expect(notificationKeyOf({ id: '42', kind: 'click', playId: null })).toBe('e42');
    expect(notificationKeyOf({ id: '43', kind: 'open' })).not.toBe(notificationKeyOf({ id: '42', kind: 'open' }));
  });

  it("is the play and its milestone for a play's milestones (a play is counted, and passes each milestone, once)", () => {
    const play = '7d1c2b3a-4f5e-4d6c-8b7a-9e8f7a6b5c4d';
    expect(notificationKeyOf({ playId: play, kind: 'viewer-play' })).toBe(`viewer-play:${play}`);
    expect(notificationKeyOf({ playId: play, kind: 'viewer-half' })).not.toBe(notificationKeyOf({ playId: play, kind: 'viewer-play' }));
    expect(notificationKeyOf({ playId: play, kind: 'viewer-watched-100' })).not.toBe(notificationKeyOf({ playId: play, kind: 'viewer-watched-50' }));
  });

  it('is unknown (recorded as often as it comes) when neither is known', () => {
    expect(notificationKeyOf({ kind: 'open' })).toBeNull();
    expect(notificationKeyOf({ id: null, playId: null, kind: 'open' })).toBeNull();
  });
});
