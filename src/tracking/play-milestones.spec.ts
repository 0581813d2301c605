import { playMilestones } from './play-milestones.js';
import type { PlayRow, StoredPlay } from '../engagement/viewer-activity-sql.js';

const who = { receiver: 'ann@example.com', ip: null, countryCode: 'GB', countryName: 'United Kingdom', region: null, city: null, deviceType: 'desktop', platform: 'Windows', client: 'Chrome', userAgent: null, machineReason: null };
const PLAY = '6f1c2a34-0000-4000-8000-000000000001';

// A play of a 30 s video that watched [start, end] stretches.
function row(segments: [number, number][], extra: Partial<PlayRow> = {}): PlayRow {
  const watched = segments.reduce((s, [a, b]) => s + b - a, 0);
  return {
    ...who,
    playId: PLAY,
    snippetId: 's1',
    startedAt: new Date(0),
    updatedAt: new Date(1000),
    videoDurationSecs: 30,
    segments: JSON.stringify(segments.map(([a, b], i) => [i, a, b])),
    ranges: JSON.stringify(segments),
    watchedSecs: watched,
    counted: watched >= 2,
    soundOn: false,
    reports: 1,
    ...extra,
  };
}
const stored = (r: PlayRow): StoredPlay => ({ playId: r.playId, snippetId: r.snippetId, segments: JSON.parse(r.segments), soundOn: r.soundOn, videoDurationSecs: r.videoDurationSecs, counted: r.counted, machineReason: r.machineReason });
const kinds = (r: PlayRow, before?: PlayRow) => playMilestones(r, before && stored(before)).map((e) => e.kind);

describe("a play's milestones", () => {
  it('tell the play once it counts, then each quarter once as the watched seconds pass it', () => {
    const first = row([[0, 8]]);
    expect(kinds(first)).toEqual(['viewer-play', 'viewer-watched-25']);
    const second = row([[0, 23]]);
    expect(kinds(second, first)).toEqual(['viewer-watched-50', 'viewer-watched-75']);
    const end = row([[0, 30]]);
    expect(kinds(end, second)).toEqual(['viewer-watched-100']);
    // Watched again from the start (a replay in the same play): nothing new.
    expect(kinds(row([[0, 30], [0, 30]]), end)).toEqual([]);
  });

  it('carry what the receiver needs: the play, the milestone, the share watched and the seconds', () => {
    const [, quarter] = playMilestones(row([[0, 9]], { soundOn: true }), undefined);
    expect(quarter).toMatchObject({ kind: 'viewer-watched-25', playId: PLAY, milestone: 25, watchedSecs: 9, videoSecs: 30, soundOn: true, receiver: 'ann@example.com', countryCode: 'GB', occurredAt: new Date(1000) });
  });

  it('count what was watched, not where the playhead went: a seek to the end is not the end', () => {
    const start = row([[0, 3]]);
    expect(kinds(row([[0, 3], [28, 30]]), start)).toEqual([]);
  });

  it('tell the sound turned on once, and nothing before the play counts', () => {
    const early = row([[0, 1]], { soundOn: true });
    expect(kinds(early)).toEqual([]);
    const counted = row([[0, 4]], { soundOn: true });
    expect(kinds(counted, early)).toEqual(['viewer-play', 'viewer-sound-on']);
    expect(kinds(row([[0, 6]], { soundOn: true }), counted)).toEqual([]);
  });

  it('keep the machine reason the play was first stored with', () => {
    const bot = row([[0, 2]], { machineReason: 'bot' });
    expect(playMilestones(row([[0, 9]]), stored(bot)).map((e) => e.machineReason)).toEqual(['bot']);
  });
});
