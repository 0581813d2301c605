// The report page's own decisions from the API's data, without a server or a browser: the tiles
// and what they are made of, the machine count, the views' breakdown whose whole percentages add
// up to 100 with the clicks apart, the table's rows and range, each row's date in the browser's
// locale, the Filter panel's fields and messages (the time window across midnight, the active
// count, a date range read from the address), an empty report with a filter on and without, and
// the not-found state of the report and of its feed for a 404 (another user's EyeMail: the server's
// side is test/e2e/reports.e2e-spec.ts's "ownership"). The numbers from real hits, paging, the CSV
// and the feeds' text are the browser's (test/browser/reports*.test.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { FeedPage } from './feed-page';
import { ReportsPage } from './reports-page';
import { PENDING_REFRESH_MS } from '../utils/report-display';

const ID = 'snip-1';
const NO_ENGAGEMENTS = 'There are no engagements found for this EyeMail.';

const SUMMARY = {
  snippetId: ID,
  title: 'Spring launch',
  timeZone: 'UTC',
  today: '2026-11-25',
  totalViews: 11,
  uniqueViews: 10,
  totalClicks: 2,
  opens: 11,
  playsWithoutClick: 0,
  clicks: 2,
  averageViewTime: 2.5,
  weekStart: '2026-11-19',
  weekEnding: '2026-11-25',
  timeline: ['19', '20', '21', '22', '23', '24', '25'].map((d) => ({ date: `2026-11-${d}`, views: d === '25' ? 11 : 0, clicks: d === '25' ? 2 : 0 })),
  // 10 of 11 and 1 of 11: floored 90 and 9, shown as 91 and 9
  breakdown: { uniqueViews: 10, repeatViews: 1, clicks: 2, uniqueViewsPercent: 76, repeatViewsPercent: 7, clicksPercent: 15 },
  machineEvents: 2,
  machineExcluded: 2,
  includeMachine: false,
  pendingEvents: 0,
};
const ENGAGEMENT = {
  snippetId: ID,
  timeZone: 'UTC',
  today: '2026-11-25',
  opens: { total: 11, unique: 10 },
  visits: { total: 2, unique: 2 },
  plays: { total: 2, uniqueViewers: 2, soundOn: 0, complete: 0 },
  playRate: null,
  soundOnRate: null,
  completionRate: null,
  engagement: null,
  timePlayedSecs: 5,
  clicks: { total: 2, unique: 2, byDestination: [] },
  clickThroughRate: null,
  funnel: [],
  graph: { lengthSecs: 4, plays: 2, seconds: [] },
  timeline: { grain: 'day', from: '2026-11-19', till: '2026-11-25', buckets: [] },
};
const row = (i: number, receiver: string | null, time: string) => ({
  engagementId: `e${i}`,
  activity: 'open',
  isUnique: true,
  counted: true,
  date: '2026-11-25',
  time,
  occurredAtUtc: `2026-11-25T${time}Z`,
  durationSecs: null,
  videoDuration: 4,
  receiver,
  ipAddress: '81.2.69.142',
  city: 'London',
  state: 'England',
  country: 'United Kingdom',
  countryCode: 'GB',
  device: 'Desktop',
  platform: 'Windows',
  client: 'Outlook',
  target: null,
  machineReason: null,
  destination: null,
  destinationLabel: null,
  shareWatched: null,
  soundOn: null,
});
const ROWS = [row(1, null, '14:05:00'), row(2, 'ann@example.com', '09:30:00'), row(3, 'bob@example.com', '00:05:00')];
const EMPTY_SUMMARY = { ...SUMMARY, totalViews: 0, uniqueViews: 0, totalClicks: 0, opens: 0, clicks: 0, averageViewTime: 0, machineExcluded: 0, machineEvents: 0, breakdown: { uniqueViews: 0, repeatViews: 0, clicks: 0, uniqueViewsPercent: 0, repeatViewsPercent: 0, clicksPercent: 0 } };
const EMPTY_ENGAGEMENT = { ...ENGAGEMENT, opens: { total: 0, unique: 0 }, visits: { total: 0, unique: 0 }, plays: { total: 0, uniqueViewers: 0, soundOn: 0, complete: 0 }, clicks: { total: 0, unique: 0, byDestination: [] } };

// This visitor asks for reduced motion, which the dashboard honours: the Filter panel opens at once
// (jsdom runs no transitions, so a sliding panel would never finish opening).
const matchMedia = window.matchMedia;
beforeAll(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('prefers-reduced-motion: reduce') });
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

// What the server answers for an EyeMail that is not the user's (another user's, or none).
const NOT_FOUND: Answer = { result: false, status: 404, message: 'EyeMail not found.' };

function renderReport(path = `/reports/${ID}`, { empty = false, summary, missing = false }: { empty?: boolean; summary?: Answer; missing?: boolean } = {}) {
  const routes: Record<string, Answer> = {
    'GET snippets/brief': { result: true, body: [{ snippet: ID, title: 'Spring launch' }] },
    [`GET reports/${ID}/summary`]: summary ?? { result: true, body: empty ? EMPTY_SUMMARY : SUMMARY },
    [`GET reports/${ID}/engagement`]: { result: true, body: empty ? EMPTY_ENGAGEMENT : ENGAGEMENT },
    [`GET reports/${ID}/plays`]: { result: true, body: [], headers: { 'X-Total-Count': '0' } },
    [`GET reports/${ID}`]: { result: true, body: empty ? [] : ROWS, headers: { 'X-Total-Count': empty ? '0' : '13' } },
    'GET reports/filter/devices': { result: true, body: { desktop: 'Desktop', mobile: 'Mobile' } },
    'GET reports/filter/platforms': { result: true, body: { windows: 'Windows' } },
    'GET reports/filter/clients': { result: true, body: { outlook: 'Outlook' } },
    'GET reports/filter/countries': { result: true, body: [{ countryName: 'Germany', countryCode: 'DE' }] },
    // none of the user's workspaces holds it either
    'GET workspaces/locate': NOT_FOUND,
  };
  if (missing) for (const r of ['', '/summary', '/engagement', '/plays']) routes[`GET reports/${ID}${r}`] = NOT_FOUND;
  const api = fakeApi(routes);
  return { ...renderWithProviders(<ReportsPage />, { route: '/reports/:id', path }), api };
}

const tileValue = (key: string) => within(screen.getByTestId(`tile-${key}`)).getByTestId('tile-value').textContent;

describe('report page', () => {
  it('shows the totals, what they are made of, the machines left out and a breakdown adding up to 100', async () => {
    renderReport();
    await within(screen.getByTestId('tile-totalViews')).findByTestId('tile-value');
    expect([tileValue('totalViews'), tileValue('totalClicks'), tileValue('averageViewTime')]).toEqual(['11', '2', '2.5']);
    expect(within(screen.getByTestId('tile-totalViews')).getByText('10 unique')).toBeTruthy();
    expect(screen.getByTestId('machine-count').textContent).toBe('2 excluded');
    const legend = (await screen.findAllByTestId('breakdown-row')).map((r) => r.textContent!.replace(/\s+/g, ' ').trim());
    expect(legend).toEqual(['Unique views10 · 91%', 'Repeat views1 · 9%']);
    expect(screen.getByTestId('breakdown-clicks').textContent).toBe('Clicks2');
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href')).toBe('https://db-ip.com');
  });

  it("lists the rows with the server's total, the IP for a missing receiver, and each date in the browser's locale", async () => {
    renderReport();
    expect((await screen.findByTestId('table-range')).textContent).toContain('1–10 of 13');
    const rows = within(screen.getByTestId('viewer-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('81.2.69.142')).toBeTruthy();
    expect(within(rows[0]).getByText('London, England, United Kingdom')).toBeTruthy();
    expect(within(rows[1]).getByText('ann@example.com')).toBeTruthy();
    // The test's locale is the United States': month first, a 12-hour clock (en-GB and others:
    // lib/date-format.spec.ts).
    const dates = rows.map((r) => r.querySelectorAll('td')[2].textContent!.replace(/[\u202f\u2009\u00a0]/g, ' '));
    expect(dates).toEqual(['Nov 25, 2026, 2:05 PM', 'Nov 25, 2026, 9:30 AM', 'Nov 25, 2026, 12:05 AM']);
  });

  it('the Filter panel: an email placeholder, a window across midnight said in words, the active filters counted', async () => {
    const { user, router } = renderReport();
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    const receiver = screen.getByRole('textbox', { name: 'Receiver' });
    expect(receiver.getAttribute('placeholder')).toBe('Email');
    await user.type(screen.getByLabelText('Time From'), '22:59');
    await user.type(screen.getByLabelText('Time Till'), '06:00');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Across midnight: from 22:59 until 06:00 the next day');
    await user.clear(screen.getByLabelText('Time Till'));
    await user.type(screen.getByLabelText('Time Till'), '23:30');
    expect(screen.queryByText(/^Across midnight/)).toBeNull();
    await user.type(receiver, ' bob@example.com ');
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    const params = router.state.location.search;
    expect(new URLSearchParams(params).get('receiver')).toBe('bob@example.com');
    expect(new URLSearchParams(params).get('timeFrom')).toBe('22:59');
    expect(screen.getByRole('button', { name: /^Filter/ }).textContent).toContain('2 active');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: /^Filter/ }).textContent).not.toContain('active');
  });

  it('reads a date range from the address into the picker, and an empty filtered report says to clear the filters', async () => {
    const { user } = renderReport(`/reports/${ID}?dateFrom=2020-01-01&dateTill=2020-01-07`, { empty: true });
    await screen.findByText(NO_ENGAGEMENTS);
    expect(screen.getByText('Try clearing the filters.')).toBeTruthy();
    expect(screen.queryByTestId('viewer-table')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    expect(screen.getByRole('button', { name: 'Date Range' }).textContent!.replace(/[\u202f\u2009\u00a0]/g, ' ')).toContain('Jan 1 – 7, 2020');
  });

  it('an EyeMail with no engagements yet says so, with zeros and no table or charts', async () => {
    renderReport(`/reports/${ID}`, { empty: true });
    await screen.findByText(NO_ENGAGEMENTS);
    expect(screen.getByText('Opens, clicks and plays appear here as recipients read the email.')).toBeTruthy();
    expect(screen.queryByText('Try clearing the filters.')).toBeNull();
    expect([tileValue('totalViews'), tileValue('totalClicks'), tileValue('averageViewTime')]).toEqual(['0', '0', '0']);
    expect(screen.queryByTestId('viewer-table')).toBeNull();
    expect(screen.queryByTestId('timeline')).toBeNull();
  });

  it("answered 404 (another user's EyeMail), says it is not found and shows no figure, filter or export", async () => {
    const { user, router, api } = renderReport(`/reports/${ID}`, { missing: true });
    const error = await screen.findByTestId('report-error');
    expect(within(error).getByText('EyeMail not found')).toBeTruthy();
    expect(within(error).getByText('There is no EyeMail of yours at this address. It may have been deleted, or it belongs to another account.')).toBeTruthy();
    // It first asked whether another of the user's workspaces holds it.
    expect(api.calls.find((c) => c.route === 'GET workspaces/locate')!.url.searchParams.get('eyemail')).toBe(ID);
    for (const id of ['tile-totalViews', 'viewer-table', 'timeline', 'machine-count']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Filter/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Feed' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(error).getByRole('button', { name: 'Choose another EyeMail' }));
    expect(router.state.location.pathname).toBe('/reports');
  });

  it('while hits are still being counted, says how many and reads itself again until they are in; Refresh reads at once', async () => {
    // The server's answers: 3 hits waiting twice (the first read, then Refresh), then all counted.
    let reads = 0;
    const summary: Answer = () => {
      reads += 1;
      return { result: true, body: reads <= 2 ? { ...SUMMARY, totalViews: 8, pendingEvents: 3 } : SUMMARY };
    };
    const { user, api } = renderReport(`/reports/${ID}`, { summary });
    const notice = await screen.findByTestId('report-catching-up');
    expect(notice.textContent).toContain('3 recent opens, clicks and visits are still being counted after a burst of traffic.');
    expect(tileValue('totalViews')).toBe('8');
    const engagementReads = () => api.calls.filter((c) => c.route === `GET reports/${ID}/engagement`).length;
    const before = engagementReads();
    await user.click(within(notice).getByRole('button', { name: 'Refresh' }));
    // at once, not after the automatic delay: the summary and the rest of the report
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(engagementReads()).toBeGreaterThan(before));
    expect(screen.getByTestId('report-catching-up')).toBeTruthy();
    // then by itself, with nothing clicked
    await waitFor(() => expect(screen.queryByTestId('report-catching-up')).toBeNull(), { timeout: PENDING_REFRESH_MS * 3 });
    expect(tileValue('totalViews')).toBe('11');
  }, 20_000);
});

describe('feed page', () => {
  it("answered 404 (another user's EyeMail), says it is not found and shows no feed", async () => {
    fakeApi({ [`GET reports/${ID}/feed/json`]: NOT_FOUND });
    renderWithProviders(<FeedPage />, { route: '/feeds/:id/:type', path: `/feeds/${ID}/json` });
    const error = await screen.findByTestId('feed-error');
    expect(within(error).getByText('EyeMail not found')).toBeTruthy();
    expect(within(error).getByText('There is no EyeMail of yours at this address. It may have been deleted, or it belongs to another account.')).toBeTruthy();
    expect(screen.queryByTestId('feed-text')).toBeNull();
  });
});
