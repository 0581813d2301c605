import type { ReportRecord } from '../shared/report-types.js';
import { batchesToCsv, csvSafeText, inChunks, reportFileName } from './report-csv.js';
import { feedToXml, xmlText } from './report-xml.js';

const record = (over: Partial<ReportRecord> = {}): ReportRecord => ({
  engagementId: '1', activity: 'view', isUnique: true, counted: true, date: '2026-01-10', time: '09:00:00', occurredAtUtc: '2026-01-10T17:00:00.000Z',
  durationSecs: null, videoDuration: null, receiver: 'ann@example.com', ipAddress: '203.0.113.5', city: 'Seattle', state: 'Washington',
  country: 'United States', countryCode: 'US', device: 'desktop', platform: 'Windows', client: 'Outlook', target: null, machineReason: null,
  destination: null, destinationLabel: null, shareWatched: null, soundOn: null, ...over,
});

// Records in batches of 200, as the repository's cursor hands them out.
async function* fetched<T>(records: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const r of records) {
    batch.push(r);
    if (batch.length === 200) yield batch.splice(0);
  }
  if (batch.length) yield batch;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('report CSV', () => {
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvSafeText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(csvSafeText('+1')).toBe("'+1");
    expect(csvSafeText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvSafeText('ann@example.com')).toBe('ann@example.com');
  });

  it('writes a header, Yes/No, empty cells for nulls and quotes what needs quoting', async () => {
    const csv = await text(batchesToCsv(fetched([record(), record({ engagementId: '2', activity: 'click', isUnique: false, durationSecs: 12.5, receiver: 'a,"b"', city: null })])));
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].startsWith('Engagement ID,Activity,Unique,Counted,Date,Time,Duration (secs)')).toBe(true);
    expect(lines[1]).toBe('1,view,Yes,Yes,2026-01-10,09:00:00,,,ann@example.com,203.0.113.5,Seattle,Washington,United States,US,desktop,Windows,Outlook,,,,,');
    expect(lines[2]).toBe('2,click,No,Yes,2026-01-10,09:00:00,12.5,,"a,""b""",203.0.113.5,,Washington,United States,US,desktop,Windows,Outlook,,,Web view,,');
  });

  it('says where each click went in a Destination column after the columns the spec defines', async () => {
    const click = (over: Partial<ReportRecord>) => record({ activity: 'click', target: 'https://shop.example.com/', ...over });
    const csv = await text(
      batchesToCsv(fetched([click({ destination: 'landing-page' }), click({ destination: 'button', destinationLabel: 'Buy, now' }), click({ destination: 'web-view', target: null })])),
    );
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header.endsWith(',Target,Machine Reason,Destination,Share Watched (%),Sound On')).toBe(true);
    expect(rows[0].endsWith(',https://shop.example.com/,,Landing page,,')).toBe(true);
    expect(rows[1].endsWith(',https://shop.example.com/,,"Button \u201cBuy, now\u201d",,')).toBe(true);
    expect(rows[2].endsWith(',Outlook,,,Web view,,')).toBe(true);
  });

  it('gives the share watched as a whole percentage and sound on as Yes/No, empty when the record names no play', async () => {
    const csv = await text(batchesToCsv(fetched([record({ shareWatched: 0.667, soundOn: true }), record({ shareWatched: 0.1, soundOn: false })])));
    const [, first, second] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(first.endsWith(',67,Yes')).toBe(true);
    expect(second.endsWith(',10,No')).toBe(true);
  });

  it('reads its source only as fast as it is consumed', async () => {
    let produced = 0;
    async function* many() {
      for (let i = 0; i < 100_000; i++) {
        produced++;
        yield record({ engagementId: String(i) });
      }
    }
    const csv = batchesToCsv(fetched(many()));
    await new Promise((r) => setTimeout(r, 50));
    expect(produced).toBeLessThan(5_000);
    csv.destroy();
  });

  it('sends the text in pieces of about 64 KB, whole and in order', async () => {
    const records = Array.from({ length: 3_000 }, (_, i) => record({ engagementId: String(i) }));
    const chunks: Buffer[] = [];
    const stream = batchesToCsv(fetched(records));
    stream.on('data', (c: Buffer) => chunks.push(c));
    await new Promise((resolve) => stream.on('end', resolve));
    const csv = Buffer.concat(chunks).toString().replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(3_001);
    expect(csv[3_000].startsWith('2999,view,')).toBe(true);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.slice(0, -1).every((c) => c.length >= 64 * 1024 && c.length < 65 * 1024)).toBe(true);
  });

  it('passes a failure of its source on', async () => {
    async function* failing() {
      yield record();
      throw new Error('connection lost');
    }
    await expect(text(batchesToCsv(fetched(failing())))).rejects.toThrow('connection lost');
  });
});

describe('inChunks', () => {
  it('joins small writes and sends the rest at the end', async () => {
    const { Readable } = await import('node:stream');
    const out: string[] = [];
    const stream = Readable.from(['ab', 'cd', 'ef', 'g'].map((s) => Buffer.from(s))).pipe(inChunks(4));
    stream.on('data', (c: Buffer) => out.push(c.toString()));
    await new Promise((resolve) => stream.on('end', resolve));
    expect(out).toEqual(['abcd', 'efg']);
  });
});

describe('the CSV file name', () => {
  it('names files after the EyeMail and the day', () => {
    expect(reportFileName('Spring launch!', '2026-01-10')).toBe('eyemail-report-spring-launch-2026-01-10.csv');
    expect(reportFileName('Café déjà vu', '2026-01-10')).toBe('eyemail-report-cafe-deja-vu-2026-01-10.csv');
    expect(reportFileName('日本', '2026-01-10')).toBe('eyemail-report-eyemail-2026-01-10.csv');
    expect(reportFileName('x'.repeat(200), '2026-01-10')).toHaveLength('eyemail-report-'.length + 60 + '-2026-01-10.csv'.length);
  });
});

describe('report XML', () => {
  it('drops characters XML cannot carry', () => {
    expect(xmlText('a\u0001b\u0008c\u000Bd\uFFFEe')).toBe('abcde');
    expect(xmlText('tab\tnew\nline')).toBe('tab\tnew\nline');
    expect(xmlText(null)).toBe('');
    expect(xmlText(false)).toBe('false');
  });

  it('writes the feed with escaped text and empty elements for nulls', () => {
    const xml = feedToXml({
      snippet: { snippetId: 's1', title: 'A & B <C>', status: true },
      generatedAtUtc: '2026-01-10T00:00:00.000Z',
      timeZone: 'UTC',
      totals: { totalViews: 1, uniqueViews: 1, totalClicks: 0, opens: 1, playsWithoutClick: 0, clicks: 0, averageViewTime: 0, machineExcluded: 0 },
      page: 1,
      size: 1000,
      totalCount: 1,
      records: [record({ receiver: 'x"y\'z' })],
    });
    expect(xml).toContain('<title>A &amp; B &lt;C&gt;</title>');
    expect(xml).toContain('<status>active</status>');
    expect(xml).toContain('<records page="1" size="1000" totalCount="1">');
    expect(xml).toContain('<durationSecs/>');
    expect(xml).toContain('<isUnique>true</isUnique>');
  });
});
