import { createHmac } from 'node:crypto';
import { endpointWants, eventData, eventOf, isDelivered, messageBody, newSecret, responseStart, RETRY_DELAYS_MS, shouldDisable, signature, signedHeaders } from './webhook-rules.js';

const ID = '0b7c9a52-5d0e-4b8e-9f7a-0c1d2e3f4a5b';

describe('webhook rules', () => {
  it('makes whsec_ secrets of 24 random bytes', () => {
    const s = newSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSecret()).not.toBe(s);
  });

  it('signs id.timestamp.body with the secret after whsec_ (the Standard Webhooks v1 scheme)', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123').toString('base64')}`;
    const expected = createHmac('sha256', Buffer.from('0123456789abcdef0123')).update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(signature(secret, 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
    const h = signedHeaders(secret, 'msg_1', new Date(1700000000_500), '{"a":1}');
    expect(h).toMatchObject({ 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': `v1,${expected}` });
  });

  it('retries over about a day with growing gaps', () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(24);
    expect(total / 3_600_000).toBeLessThan(30);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++) expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1]);
  });

  it('turns an endpoint off once it has failed for three days', () => {
    const now = new Date('2026-01-04T12:00:00Z');
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(new Date('2026-01-01T12:00:01Z'), now)).toBe(false);
    expect(shouldDisable(new Date('2026-01-01T12:00:00Z'), now)).toBe(true);
  });

  it('counts 2xx answers as delivered', () => {
    expect([200, 204, 299].map(isDelivered)).toEqual([true, true, true]);
    expect([null, 199, 301, 410, 500].map(isDelivered)).toEqual([false, false, false, false, false]);
  });

  it('describes opens and clicks for receivers', () => {
    expect(eventOf('open')).toBe('eyemail.opened');
    expect(eventOf('click')).toBe('eyemail.clicked');
    expect(eventOf('play')).toBeNull();
    const data = eventData({ snippetId: ID, kind: 'click', occurredAt: new Date('2026-01-01T00:00:00Z'), receiver: 'a@example.com', countryCode: 'US', target: 'https://s.example.com', destination: 'landing-page' }, { title: 'Launch' });
    expect(data).toEqual({
      eyemailId: ID,
      eyemailTitle: 'Launch',
      occurredAt: '2026-01-01T00:00:00.000Z',
      receiver: 'a@example.com',
      location: { countryCode: 'US', country: null, region: null, city: null },
      device: { type: null, platform: null, client: null },
      click: { url: 'https://s.example.com', destination: 'landing-page', label: null },
    });
    expect(JSON.parse(messageBody('eyemail.clicked', new Date('2026-01-02T00:00:00Z'), data))).toEqual({ type: 'eyemail.clicked', timestamp: '2026-01-02T00:00:00.000Z', data });
  });

  it("describes a play's events for receivers, from the text a fan-out job carries", () => {
    expect(['viewer-play', 'viewer-watched-25', 'viewer-watched-100', 'viewer-sound-on', 'viewer-half', 'viewer-watched-33'].map(eventOf)).toEqual([
      'eyemail.played',
      'eyemail.watched',
      'eyemail.watched',
      'eyemail.sound_on',
      null,
      null,
    ]);
    const play = '6f1c2a34-0000-4000-8000-000000000001';
    const packed = { snippetId: ID, kind: 'viewer-watched-75', occurredAt: new Date('2026-01-01T00:00:00Z'), receiver: 'a@example.com', playId: play, milestone: '75', watchedSecs: '23.4', videoSecs: '30', soundOn: 'true' };
    expect(eventData(packed as never, { title: 'Launch' })).toMatchObject({
      eyemailId: ID,
      eyemailTitle: 'Launch',
      receiver: 'a@example.com',
      play: { id: play, milestone: 75, shareWatched: 0.78, secondsWatched: 23.4, videoSeconds: 30, soundOn: true },
    });
    const played = eventData({ snippetId: ID, kind: 'viewer-play', occurredAt: new Date(0), playId: play, milestone: null, watchedSecs: 2.5, videoSecs: null, soundOn: false }, { title: 'Launch' });
    expect(played.play).toEqual({ id: play, milestone: null, shareWatched: 0, secondsWatched: 2.5, videoSeconds: null, soundOn: false });
    expect(eventData({ snippetId: ID, kind: 'open', occurredAt: new Date(0) }, { title: 'Launch' })).not.toHaveProperty('play');
  });

  it('keeps the start of an answer as text', () => {
    expect(responseStart(Buffer.from('ok\u0000\u0007 fine\n'))).toBe('ok fine\n');
    expect(responseStart(Buffer.from('y'.repeat(600)))).toHaveLength(500);
  });

  it('sends an endpoint only its EyeMails, its events, and what happened once it existed', () => {
    const made = new Date('2026-11-26T10:00:00Z');
    const endpoint = { snippetId: 's1', events: ['eyemail.opened'], createdAt: made };
    const at = (iso: string) => ({ snippetId: 's1', occurredAt: new Date(iso) });
    expect(endpointWants(endpoint, at('2026-11-26T10:00:00Z'), 'eyemail.opened')).toBe(true);
    expect(endpointWants(endpoint, at('2026-11-26T10:00:05Z'), 'eyemail.opened')).toBe(true);
    // An open a second before the endpoint was made, fanned out after it: not sent.
    expect(endpointWants(endpoint, at('2026-11-26T09:59:59Z'), 'eyemail.opened')).toBe(false);
    expect(endpointWants({ ...endpoint, createdAt: made.toISOString() }, at('2026-11-26T09:59:59Z'), 'eyemail.opened')).toBe(false);
    expect(endpointWants(endpoint, { ...at('2026-11-26T10:00:05Z'), snippetId: 's2' }, 'eyemail.opened')).toBe(false);
    expect(endpointWants(endpoint, at('2026-11-26T10:00:05Z'), 'eyemail.clicked')).toBe(false);
  });
});
