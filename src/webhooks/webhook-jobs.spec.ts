import { deliveryIdOf, eventKeyOf, fanoutEventOf, fanoutKeyOf, messageIdOf, outboxFanoutJobId } from './webhook-jobs.js';

describe("a delivery's identity", () => {
  const endpoint = '0b7c4f5e-3d9a-4c1e-9f59-2a6b1c8d7e01';
  const other = '5f0e1d2c-3b4a-4958-8776-a5b4c3d2e1f0';

  it('is the stored row for an event with one, whichever job fans it out; else the job and position', () => {
    expect(eventKeyOf('42', 'job-a', 0)).toBe('e42');
    expect(eventKeyOf('42', 'job-b', 7)).toBe(eventKeyOf('42', 'job-a', 0));
    expect(eventKeyOf(null, 'job-a', 3)).toBe('job-a:3');
    expect(eventKeyOf(undefined, 'job-a', 3)).not.toBe(eventKeyOf(undefined, 'job-b', 3));
  });

  it("is a play's milestone for the events of a play (each play reaches each once), apart from stored rows", () => {
    const play = '6f1c2a34-0000-4000-8000-000000000001';
    const quarter = fanoutKeyOf({ playId: play, kind: 'viewer-watched-25' });
    expect(quarter).toBe(`viewer-watched-25:${play}`);
    expect(fanoutKeyOf({ playId: play, kind: 'viewer-watched-50' })).not.toBe(quarter);
    expect(fanoutKeyOf({ id: '42', kind: 'open' })).toBe('42');
    expect(eventKeyOf(quarter, 'job-a', 0)).toBe(eventKeyOf(quarter, 'webhook-fanout-outbox-3', 2));
    expect(eventKeyOf(quarter, 'job-a', 0)).not.toBe(eventKeyOf('42', 'job-a', 0));
  });

  it('gives one webhook-id to an event fanned out twice (a live job and the sweeper), another per endpoint and event', () => {
    const live = messageIdOf(deliveryIdOf(endpoint, eventKeyOf('42', 'live-job', 5)));
    const replayed = messageIdOf(deliveryIdOf(endpoint, eventKeyOf('42', 'webhook-fanout-outbox-9', 0)));
    expect(replayed).toBe(live);
    expect(messageIdOf(deliveryIdOf(other, 'e42'))).not.toBe(live);
    expect(messageIdOf(deliveryIdOf(endpoint, 'e43'))).not.toBe(live);
    expect(live).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it('is a UUID in form (the delivery table stores it as uuid)', () => {
    for (const key of ['e1', 'e9007199254740993', 'job:0', 'test-x']) {
      expect(deliveryIdOf(endpoint, key)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it("names the sweeper's job after its outbox row (queued twice, one job)", () => {
    expect(outboxFanoutJobId('17')).toBe(outboxFanoutJobId('17'));
    expect(outboxFanoutJobId('17')).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(outboxFanoutJobId('18')).not.toBe(outboxFanoutJobId('17'));
  });
});

describe('what a fan-out job carries of a committed event', () => {
  const open = { id: '42', snippetId: 's1', kind: 'open', occurredAt: new Date('2025-03-01T10:00:00Z'), receiver: 'ann@acme.com', city: 'Lyon' };

  it('carries an event webhooks send: its key, the time as text, the rest null where unknown', () => {
    expect(fanoutEventOf(open)).toEqual({
      key: '42',
      snippetId: 's1',
      kind: 'open',
      occurredAt: '2025-03-01T10:00:00.000Z',
      receiver: 'ann@acme.com',
      countryCode: null,
      countryName: null,
      region: null,
      city: 'Lyon',
      deviceType: null,
      platform: null,
      client: null,
      target: null,
      destination: null,
      destinationLabel: null,
    });
  });

  it("adds a play's milestone fields to the events of a play only", () => {
    const play = '6f1c2a34-0000-4000-8000-000000000001';
    const watched = fanoutEventOf({ ...open, id: null, kind: 'viewer-watched-50', playId: play, milestone: 50, watchedSecs: 12 });
    expect(watched).toMatchObject({ key: `viewer-watched-50:${play}`, playId: play, milestone: 50, watchedSecs: 12, videoSecs: null, soundOn: null });
    expect(fanoutEventOf(open)).not.toHaveProperty('playId');
  });

  it('carries nothing of machine traffic, nor of a kind no webhook is sent for', () => {
    expect(fanoutEventOf({ ...open, machineReason: 'link-scanner' })).toBeNull();
    expect(fanoutEventOf({ ...open, kind: 'play' })).toBeNull();
  });
});
