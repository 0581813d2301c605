// The CSV download's lines are made in the database (report-csv-sql.ts csvLinesSql); the file
// must be byte for byte what the record-by-record writer (report-csv.ts batchesToCsv: csv-stringify
// with the formula guard) makes of the same records, read through the records API. Rows with
// everything a stranger can put in a cell: formulas, quotes, commas, line breaks, tabs, other
// scripts, empty strings; durations and shares that round; every click destination.
import { jest } from '@jest/globals';
import type { ReportRecord } from '../../src/shared/report-types.js';
import { batchesToCsv } from '../../src/reports/report-csv.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { insertClickWithPlays, insertEngagement } from '../support/engagement-factory.js';

jest.setTimeout(120_000);

async function text(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

describe('the CSV download, made in the database', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let snippetId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    const { videoId } = await readyVideo(owner.client);
    snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Odd cells' }))).snippet;
    const strangers = ['=HYPERLINK("http://x","y")', '+1 555', '-2+3', '@SUM(A1)', '\tlead tab', '\rlead cr', 'a,b', 'say "hi"', 'two\nlines', 'cr\rinside', 'crlf\r\ninside', 'Zoë 日本 🙂', '', "'quoted"];
    let minute = 0;
    const at = () => new Date(Date.UTC(2026, 0, 10, 17, minute++)).toISOString();
    for (const s of strangers) {
      await insertEngagement(t, snippetId, {
        kind: 'open', at: at(), receiver: s, ip: '203.0.113.5', city: s, region: s || null, countryName: s, countryCode: 'U,S', device: s, platform: s, client: s, userAgent: s,
      });
    }
    await insertEngagement(t, snippetId, { kind: 'open', at: at(), receiver: null, ip: '2001:db8::1', city: null });
    await insertEngagement(t, snippetId, { kind: 'open', at: at(), receiver: null, ip: null });
    await insertEngagement(t, snippetId, { kind: 'open', at: at(), receiver: 'bot@example.com', ip: '17.58.0.1', machineReason: 'apple-privacy' });
    // every destination of a click, a button's label with a quote and a comma, a target with a formula
    const click = async (destination: string | null, label: string | null, target: string | null) => {
      const id = await insertEngagement(t, snippetId, { kind: 'click', at: at(), receiver: 'cy@example.com', ip: '203.0.113.7', target, videoDurationSecs: 30 });
      await sql(t, 'update engagement set destination = ?, destination_label = ? where id = ?', [destination, label, id]);
    };
    await click('landing-page', null, 'https://shop.example.com/a,b');
    await click('button', 'Buy "now", today', 'https://shop.example.com/buy');
    await click('button', '', 'https://shop.example.com/buy');
    await click('video-link', null, '=cmd|calc');
    await click(null, null, 'https://elsewhere.example.com');
    await click(null, null, null);
    // durations that round (20.25 -> 20.3, 0.05 -> 0.1) and a click with plays past the video
    await insertEngagement(t, snippetId, { kind: 'play', at: at(), receiver: 'dee@example.com', ip: '203.0.113.8', durationSecs: 20.25, videoDurationSecs: 30 });
    await insertEngagement(t, snippetId, { kind: 'play', at: at(), receiver: 'dee@example.com', ip: '203.0.113.8', durationSecs: 0.05, videoDurationSecs: 29.95 });
    await insertClickWithPlays(t, snippetId, { at: at(), receiver: 'eve@example.com', ip: '203.0.113.9', videoDurationSecs: 30 }, [
      { at: at(), durationSecs: 25.5 },
      { at: at(), durationSecs: 14.45 },
    ]);
    // plays naming the viewer's play: shares that round (0.145 of the video: 14 %, as JavaScript rounds 14.499...), sound on and off
    for (const [watched, sound] of [
      [4.35, true],
      [20.01, false],
      [30, true],
    ] as const) {
      const [{ id }] = await sql<{ id: string }>(
        t,
        `insert into video_play (play_id, snippet_id, started_at, updated_at, video_duration_secs, watched_secs, counted, sound_on)
         values (gen_random_uuid(), ?, ?, ?, 30, ?, true, ?) returning play_id::text as id`,
        [snippetId, at(), at(), watched, sound],
      );
      const play = await insertEngagement(t, snippetId, { kind: 'play', at: at(), receiver: 'fay@example.com', ip: '203.0.113.10', durationSecs: watched, videoDurationSecs: 30 });
      await sql(t, 'update engagement set play_id = ? where id = ?', [id, play]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const query of ['', 'includeMachine=true', 'receiver=e']) {
    it(`writes the same bytes as the record-by-record writer${query ? ` (${query})` : ''}`, async () => {
      const res = await owner.client
        .get(`/api/reports/${snippetId}/download${query ? `?${query}` : ''}`)
        .buffer(true)
        .parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200);
      const page = await owner.client.get(`/api/reports/${snippetId}?size=10000${query ? `&${query}` : ''}`).expect(200);
      const records = page.body.body as ReportRecord[];
      expect(records.length).toBeGreaterThan(query === 'receiver=e' ? 3 : 25);
      const expected = await text(batchesToCsv([records]));
      expect((res.body as Buffer).toString('utf8')).toBe(expected.toString('utf8'));
      expect((res.body as Buffer).equals(expected)).toBe(true);
    });
  }
});
