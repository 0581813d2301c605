// The workspace overview at the top of /reports, without a server or a browser: the totals as
// the server added them up, the top EyeMails linking to their reports, the creators in a company
// (not in a personal workspace), the period sent as dates, the loading and failing states. The
// numbers from real hits at 1280 and 390 px are the browser's (test/browser/reports-workspace.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { User } from '@/lib/session/user';
import type { WorkspaceReport } from '@shared/workspace-report-types';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { workspaceIdAtom } from '@/lib/session/workspace-atom';
import { ReportsPage } from './reports-page';

const COMPANY = 'co-1';
const USER: User = testUser({ id: 'user-1', fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', email: 'ann@acme.example', tier: 'express' });
const figures = (opens: number, totalViews: number, uniqueViews: number, totalClicks: number, averageViewTime: number) => ({
  opens,
  totalViews,
  uniqueViews,
  totalClicks,
  playsWithoutClick: totalViews - opens,
  clicks: totalClicks + 1,
  averageViewTime,
  machineEvents: 2,
});
const REPORT: WorkspaceReport = {
  workspaceId: COMPANY,
  timeZone: 'UTC',
  today: '2026-11-25',
  dateFrom: null,
  dateTill: null,
  includeMachine: false,
  eyeMails: 3,
  totals: { ...figures(1234, 1300, 1100, 40, 7.5), machineEvents: 4 },
  machineExcluded: 4,
  topEyeMails: [
    { snippetId: 'sp-1', title: 'Spring launch', status: true, creatorId: 'u-e', creatorName: 'Edith Editor', ...figures(1000, 1050, 900, 30, 8) },
    { snippetId: 'sp-2', title: 'Autumn sale', status: true, creatorId: 'u-a', creatorName: 'Adam Admin', ...figures(234, 250, 200, 10, 6) },
  ],
  creators: [
    { creatorId: 'u-e', creatorName: 'Edith Editor', eyeMails: 2, ...figures(1000, 1050, 900, 30, 8) },
    { creatorId: 'u-a', creatorName: 'Adam Admin', eyeMails: 1, ...figures(234, 250, 200, 10, 6) },
  ],
  catchingUp: false,
};

function render(opts: { company?: boolean; workspace?: Answer } = {}) {
  const api = fakeApi({
    'GET snippets/brief': { result: true, body: [{ snippet: 'sp-1', title: 'Spring launch' }] },
    'GET reports/workspace': opts.workspace ?? { result: true, body: REPORT },
    'GET workspaces': {
      result: true,
      body: [
        { id: USER.id, kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null },
        { id: COMPANY, kind: 'company', name: 'Northwind Marketing', role: 'viewer', membersCount: 4, domain: 'acme.example', department: 'Marketing' },
      ],
    },
  });
  const store = createStore();
  store.set(userAtom, USER);
  if (opts.company !== false) store.set(workspaceIdAtom, COMPANY);
  return { ...renderWithProviders(<ReportsPage />, { store, route: '/reports', path: '/reports' }), api };
}

const tile = (key: string) => within(screen.getByTestId(`workspace-tile-${key}`)).getByTestId('tile-value').textContent;
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

afterEach(() => window.localStorage.clear());

describe('workspace overview', () => {
  it("shows the company's totals, its top EyeMails linking to their reports and each creator's figures", async () => {
    render();
    await screen.findByRole('table', { name: 'Top EyeMails' });
    expect([tile('totalViews'), tile('totalClicks'), tile('opens'), tile('averageViewTime')]).toEqual(['1,300', '40', '1,234', '7.5']);
    expect(within(screen.getByTestId('workspace-tile-totalViews')).getByText('1,100 unique')).toBeTruthy();
    expect(screen.getByTestId('workspace-overview-scope').textContent).toBe('3 EyeMails of Northwind Marketing, added up');
    expect(screen.getByTestId('workspace-overview-note').textContent).toContain('4 machine events and tests left out.');
    // On a phone (jsdom matches no width): the name, Opens, Total Views and Total Clicks.
    expect(rowsOf('Top EyeMails')).toEqual([
      ['Spring launchby Edith Editor', '1,000', '1,050', '30'],
      ['Autumn saleby Adam Admin', '234', '250', '10'],
    ]);
    expect(screen.getByRole('link', { name: 'Spring launch' }).getAttribute('href')).toBe('/reports/sp-1');
    expect(rowsOf('By creator')).toEqual([
      ['Edith Editor2 EyeMails', '1,000', '1,050', '30'],
      ['Adam Admin1 EyeMail', '234', '250', '10'],
    ]);
  });

  it('asks for the period chosen as dates, in the browser\'s zone', async () => {
    const { user, api } = render();
    await screen.findByRole('table', { name: 'Top EyeMails' });
    const first = api.calls.find((c) => c.route === 'GET reports/workspace')!;
    expect(first.url.searchParams.has('dateFrom')).toBe(false);
    await user.click(screen.getByText('Last 7 days'));
    const asked = api.calls.filter((c) => c.route === 'GET reports/workspace').at(-1)!.url.searchParams;
    const from = new Date(`${asked.get('dateFrom')}T00:00:00`);
    const till = new Date(`${asked.get('dateTill')}T00:00:00`);
    expect(Math.round((till.getTime() - from.getTime()) / 86_400_000)).toBe(6);
    expect(asked.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('leaves machine traffic and tests out until asked for, and says which way the figures are', async () => {
    const { user, api } = render({
      workspace: (_body, url) => ({ result: true, body: url.searchParams.get('includeMachine') === 'true' ? { ...REPORT, includeMachine: true, machineExcluded: 0 } : REPORT }),
    });
    expect((await screen.findByTestId('workspace-overview-note')).textContent).toContain('4 machine events and tests left out.');
    expect(api.calls.find((c) => c.route === 'GET reports/workspace')!.url.searchParams.has('includeMachine')).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Include machine traffic and tests' }));
    await waitFor(() => expect(screen.getByTestId('workspace-overview-note').textContent).toContain('Machine traffic and tests included (4).'));
    expect(api.calls.filter((c) => c.route === 'GET reports/workspace').at(-1)!.url.searchParams.get('includeMachine')).toBe('true');
  });

  it('leaves the creators out of a personal workspace, and says when nothing was opened yet', async () => {
    render({ company: false, workspace: { result: true, body: { ...REPORT, workspaceId: USER.id, topEyeMails: [], creators: [REPORT.creators[0]], totals: figures(0, 0, 0, 0, 0), machineExcluded: 0 } } });
    expect((await screen.findByTestId('top-eyemails-empty')).textContent).toContain('No opens or clicks yet');
    expect(screen.queryByRole('table', { name: 'By creator' })).toBeNull();
    expect(screen.getByTestId('workspace-overview-scope').textContent).toBe('3 EyeMails of Personal, added up');
    expect(tile('totalViews')).toBe('0');
  });

  it('shows placeholders while loading, and a failure in words', async () => {
    let answer!: (a: { result: boolean; message?: string }) => void;
    render({ workspace: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByTestId('workspace-overview-loading')).toBeTruthy();
    answer({ result: false, message: 'Please correct the report filters.' });
    expect((await screen.findByText('The workspace overview could not be loaded')).closest('[role="alert"]')?.textContent).toContain('Please correct the report filters.');
  });
});
