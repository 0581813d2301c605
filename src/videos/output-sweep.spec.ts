import { encodingIdOfKey, orphanedOutputs, sweepJobId, SWEEP_EVERY_MS, SWEEP_GRACE_MS } from './output-sweep.js';
import { isValidJobId } from '../queue/queue-rules.js';

const A = '6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10';
const B = '0b5e6a2c-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const C = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const NOW = Date.UTC(2026, 10, 23, 12);
const old = new Date(NOW - SWEEP_GRACE_MS - 1);
const young = new Date(NOW - SWEEP_GRACE_MS + 60_000);

describe('encodingIdOfKey', () => {
  it('reads the encoding id of an output key, and nothing else', () => {
    expect(encodingIdOfKey(`v/${A}/x.mp4`)).toBe(A);
    expect(encodingIdOfKey(`f/${A}/x.mp4`)).toBeNull();
    expect(encodingIdOfKey(`v/${A}/deeper/x.mp4`)).toBeNull();
    expect(encodingIdOfKey('v/not-an-id/x.mp4')).toBeNull();
  });
});

describe('orphanedOutputs', () => {
  const encodings = [
    { id: A, state: 'completed' as const, keys: [`v/${A}/mp4.mp4`, `v/${A}/poster.jpg`, `v/${A}/gif.gif`] },
    { id: B, state: 'active' as const, keys: [null, null, null] },
  ];
  it('keeps recorded outputs, young files and the files of an encoding being worked on', () => {
    const objects = [
      { key: `v/${A}/mp4.mp4`, updatedAt: old },
      { key: `v/${A}/poster.jpg`, updatedAt: old },
      { key: `v/${A}/killed-run.mp4`, updatedAt: young },
      { key: `v/${B}/killed-run.mp4`, updatedAt: old },
    ];
    expect(orphanedOutputs(objects, encodings, NOW)).toEqual([]);
  });
  it('removes old files no encoding records: an earlier killed attempt, or an encoding deleted since', () => {
    const objects = [
      { key: `v/${A}/killed-run.mp4`, updatedAt: old },
      { key: `v/${C}/gone.jpg`, updatedAt: old },
      { key: `f/${C}/upload.mp4`, updatedAt: old },
    ];
    expect(orphanedOutputs(objects, encodings, NOW)).toEqual([`v/${A}/killed-run.mp4`, `v/${C}/gone.jpg`]);
  });
  it('treats a queued or failed encoding like a finished one (a new attempt writes new keys)', () => {
    const objects = [{ key: `v/${A}/killed-run.mp4`, updatedAt: old }];
    for (const state of ['queued', 'failed'] as const) {
      expect(orphanedOutputs(objects, [{ id: A, state, keys: [null, null, null] }], NOW)).toEqual([`v/${A}/killed-run.mp4`]);
    }
  });
});

describe('sweepJobId', () => {
  it('is the same for every instance within one period, a valid job id, and new the next period', () => {
    expect(sweepJobId(NOW)).toBe(sweepJobId(NOW + 1000));
    expect(sweepJobId(NOW)).not.toBe(sweepJobId(NOW + SWEEP_EVERY_MS));
    expect(isValidJobId(sweepJobId(NOW))).toBe(true);
  });
});
