// Manage Users without a server or a browser: its headings and nine columns, the users count, what
// the server is asked when paging, sorting (with aria-sort), searching (trimmed; Enter and the
// button), filtering by status and Clear, "No users found.", the CSV file of the page shown (its
// name, exact header and rows) and the alert when there is nothing to export, the deactivate
// confirmation and what it sends, activation, and dates written in the browser's locale. The
// server's own search, sorting and paging are test/e2e/admin.e2e-spec.ts's; the layout at 1280 and
// 390 px, a real deactivation (the user then refused at sign-in) and the videos page stay in the
// browser (test/browser/support-admin.test.ts).
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Envelope } from '@/testing/fake-api';
import type { AdminUserRow, AdminUserPage } from '@/features/admin/api/admin-api';
import { AdminUsersPage } from './admin-users-page';

const LIST = 'GET Admin/GetAllUserData';
const STATUS = 'PUT Admin/UpdateUserStatus';

// Rows as the server writes them (src/accounts/users.service.ts listForAdmin): no phone or last
// name is '', dates are ISO instants, no activity yet is null.
const ADA: AdminUserRow = { firstName: 'Ada', lastName: 'Byron', phoneNumber: '', dateOfJoining: '2024-03-05T12:00:00.000Z', lastActivityDate: '2024-03-06T12:00:00.000Z', email: 'ada@example.com', registrationType: 'Premium', videoCount: 1, status: 1 };
const member = (n: number, over: Partial<AdminUserRow> = {}): AdminUserRow => ({ ...ADA, firstName: `Member${String(n).padStart(2, '0')}`, lastName: 'Sample', dateOfJoining: '2024-03-07T12:00:00.000Z', lastActivityDate: null, email: `member${n}@example.com`, registrationType: 'Express', videoCount: 0, ...over });
// Twelve users: two pages of ten. Member02 is deactivated, Member03 has a phone and no last name.
const USERS: AdminUserRow[] = [ADA, ...Array.from({ length: 11 }, (_, i) => member(i + 1, i === 1 ? { status: 0 } : i === 2 ? { lastName: '', phoneNumber: '+44 20 7946 0000' } : {}))];

// The server's list as the page sees it: a search in names and address (any case), the status
// filter, and the page asked for. It does not sort: which order is asked is what is checked.
function answerList(_body: unknown, url: URL): Envelope {
  const [key, status, page, size] = [url.searchParams.get('key')?.toLowerCase() ?? '', url.searchParams.get('status') ?? 'all', Number(url.searchParams.get('Page') ?? 1), Number(url.searchParams.get('size') ?? 12)];
  const found = USERS.filter((u) => `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(key) && (status === 'all' || String(u.status) === status));
  const body: AdminUserPage = { data: found.slice((page - 1) * size, page * size), currentPage: page, totalCount: found.length, totalPage: Math.max(1, Math.ceil(found.length / size)) };
  return { result: true, body };
}

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ [LIST]: answerList, ...routes });
  const view = renderWithProviders(<AdminUsersPage />, { path: '/admin-manage-user', route: '/admin-manage-user' });
  const asked = () => api.calls.filter((c) => c.route === LIST).map((c) => Object.fromEntries(c.url.searchParams));
  return { ...view, api, asked, lastAsked: () => asked().at(-1) };
}

// The table (the phones' list of blocks is in the page too, hidden by CSS that jsdom does not
// apply), its body rows, and a wait for the page's answer to be on screen.
const table = () => screen.getByRole('table');
const bodyRows = () => within(table()).queryAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const settled = () => waitFor(() => expect(table().getAttribute('aria-busy')).toBe('false'));
// The first page is in: its count, then its rows.
const listed = () => screen.findByText('12 users').then(settled);
const sortOf = (label: string) => screen.getAllByRole('columnheader').find((th) => th.textContent?.replace(/\u00a0/g, '').trim() === label)!.getAttribute('aria-sort');
const FIRST_ASK = { Page: '1', size: '10', status: 'all', sort: 'dateOfJoining', order: 'desc' };

// The browser this file runs in (a jsdom of its own) is British, on UTC; jsdom itself reports en-US.
// The dashboard writes dates in the browser's locale, so day first here ('5 Mar 2024').
const RealDateTimeFormat = Intl.DateTimeFormat;
beforeAll(() => {
  // A function, not an arrow: the dashboard calls it with `new`.
  const british = function (locale?: string | string[], options?: Intl.DateTimeFormatOptions) { return new RealDateTimeFormat(locale ?? 'en-GB', { timeZone: 'UTC', ...options }); };
  Intl.DateTimeFormat = Object.assign(british, { supportedLocalesOf: RealDateTimeFormat.supportedLocalesOf }) as unknown as typeof Intl.DateTimeFormat;
  // What the page saves: the Blob it makes a link to (jsdom has no object URLs), and below, the
  // link it clicks (jsdom downloads nothing).
  URL.createObjectURL = (blob: Blob) => `blob:csv-${blobs.push(blob)}`;
  URL.revokeObjectURL = () => undefined;
});

let blobs: Blob[] = [];
let downloads: { name: string; href: string }[] = [];
let alerted: jest.SpiedFunction<typeof window.alert>;
beforeEach(() => {
  [blobs, downloads] = [[], []];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { downloads.push({ name: this.download, href: this.href }); });
  alerted = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  // The toasts live in one store for the whole file: the next test starts without them.
  act(() => notifications.clean());
});

// A Blob's text (jsdom's Blob has no text()).
const readText = (blob: Blob) => new Promise<string>((resolve) => Object.assign(new FileReader(), { onload: (e: ProgressEvent<FileReader>) => resolve(String(e.target!.result)) }).readAsText(blob));

describe('Manage Users list', () => {
  it('shows the headings, the nine columns, how many users there are and the first page, newest first', async () => {
    const { asked } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeTruthy();
    expect(screen.getByText('Your user management hub')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'List of Users' })).toBeTruthy();
    expect(await screen.findByText('12 users')).toBeTruthy();
    await settled();

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/\u00a0/g, '').trim());
    expect(headers).toEqual(['First Name', 'Last Name', 'Phone Number', 'Email', 'Registration Type', 'Registration Date', 'Last Activity Date', 'Videos', 'Action']);
    expect(sortOf('Registration Date')).toBe('descending');
    expect(asked()).toEqual([FIRST_ASK]);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    // A row: no last name or phone is a dash; the video count links to that user's videos.
    expect(cells(bodyRows()[3]).slice(0, 5)).toEqual(['Member03', '—', '+44 20 7946 0000', 'member3@example.com', 'Express']);
    const videos = within(table()).getByRole('link', { name: '1 video of ada@example.com' });
    expect(videos.textContent).toBe('1');
    expect(videos.getAttribute('href')).toBe(`/admin-video?email=${encodeURIComponent(btoa('ada@example.com'))}`);
  });

  it("writes the dates in the browser's locale, a dash for no activity yet", async () => {
    renderPage();
    await listed();
    expect(cells(bodyRows()[0]).slice(5, 7)).toEqual(['5 Mar 2024', '6 Mar 2024']);
    expect(cells(bodyRows()[1]).slice(5, 7)).toEqual(['7 Mar 2024', '—']);
  });

  it('asks the server for the page pressed and shows it', async () => {
    const { user, lastAsked } = renderPage();
    await screen.findByText('12 users');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, Page: '2' }));
    await settled();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(cells(bodyRows()[0])[0]).toBe('Member10');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(lastAsked()).toEqual(FIRST_ASK);
  });

  it('sorts by a column when its header is pressed, the other way when pressed again, from page 1', async () => {
    const { user, lastAsked } = renderPage();
    await screen.findByText('12 users');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastAsked()?.Page).toBe('2'));

    // Counts and dates start with the largest, names with A.
    await user.click(screen.getByRole('button', { name: 'Sort by Videos' }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, sort: 'videoCount', order: 'desc' }));
    expect(sortOf('Videos')).toBe('descending');
    expect(sortOf('Registration Date')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sort by Videos' }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, sort: 'videoCount', order: 'asc' }));
    expect(sortOf('Videos')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Sort by First Name' }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, sort: 'firstName', order: 'asc' }));
    expect(sortOf('First Name')).toBe('ascending');
    expect(sortOf('Videos')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sort by Last Activity Date' }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, sort: 'lastActivityDate', order: 'desc' }));
    expect(sortOf('Last Activity Date')).toBe('descending');
  });

  it('searches the trimmed text with the button or Enter, says when nobody is found, and Clear lists everyone', async () => {
    const { user, lastAsked } = renderPage();
    await screen.findByText('12 users');
    const search = screen.getByRole('textbox', { name: 'Search users' });
    expect(search.getAttribute('placeholder')).toBe('Search...');

    await user.type(search, '  ADA BYRON ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, key: 'ADA BYRON' }));
    expect(await screen.findByText('1 user')).toBeTruthy();
    expect(bodyRows().map((r) => cells(r)[3])).toEqual(['ada@example.com']);

    await user.clear(search);
    await user.type(search, 'nobody{Enter}');
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, key: 'nobody' }));
    expect(await screen.findByText('No users found.')).toBeTruthy();
    expect(screen.getByText('Try another search or status.')).toBeTruthy();
    expect(screen.getByText('0 users')).toBeTruthy();
    expect(bodyRows()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastAsked()).toEqual(FIRST_ASK));
    expect(await screen.findByText('12 users')).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('No users found.')).toBeNull();
  });

  it('filters by status from page 1, and Clear sets it back to All', async () => {
    const { user, lastAsked } = renderPage();
    await screen.findByText('12 users');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastAsked()?.Page).toBe('2'));
    const status = screen.getByRole<HTMLInputElement>('combobox', { name: 'Status' });
    await user.click(status);
    const options = within(document.getElementById(status.getAttribute('aria-controls')!)!);
    await user.click(await options.findByRole('option', { name: 'Deactivated', hidden: true }));
    await waitFor(() => expect(lastAsked()).toEqual({ ...FIRST_ASK, status: '0' }));
    expect(await screen.findByText('1 user')).toBeTruthy();
    expect(bodyRows().map((r) => cells(r)[3])).toEqual(['member2@example.com']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastAsked()).toEqual(FIRST_ASK));
    expect(status.value).toBe('All');
  });
});

describe('Manage Users CSV', () => {
  it('saves the page shown as users_data.csv: the spec columns, one line a row, ISO days', async () => {
    const { user } = renderPage();
    await listed();
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    expect(downloads).toEqual([{ name: 'users_data.csv', href: 'blob:csv-1' }]);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    const lines = (await readText(blobs[0])).split('\r\n');
    expect(lines[0]).toBe('First Name,Last Name,Phone Number,Email,Registration Type,Registration Date,Last Activity Date,Videos,Status');
    expect(lines).toHaveLength(1 + 10 + 1);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toBe('Ada,Byron,,ada@example.com,Premium,2024-03-05,2024-03-06,1,Activated');
    expect(lines[3]).toBe('Member02,Sample,,member2@example.com,Express,2024-03-07,,0,Deactivated');
    expect(lines[4]).toBe('Member03,,+44 20 7946 0000,member3@example.com,Express,2024-03-07,,0,Activated');
    expect(alerted).not.toHaveBeenCalled();

    // The second page's file holds its two rows only.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await settled();
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    expect((await readText(blobs[1])).split('\r\n').slice(1, -1).map((l) => l.split(',')[0])).toEqual(['Member10', 'Member11']);
  });

  it('says there is nothing to export when no user is listed, and saves nothing', async () => {
    const { user } = renderPage();
    await screen.findByText('12 users');
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'nobody{Enter}');
    await screen.findByText('No users found.');
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    expect(alerted.mock.calls).toEqual([['No user data available to export.']]);
    expect(blobs).toEqual([]);
    expect(downloads).toEqual([]);
  });
});

describe('Manage Users status', () => {
  // The server's answer (src/admin/admin.controller.ts updateStatus): the address and the new status.
  const statusAnswer = (_body: unknown, url: URL): Envelope => {
    const status = Number(url.searchParams.get('Status'));
    return { result: true, message: `The user has been ${status ? 'activated' : 'deactivated'}.`, body: { email: url.searchParams.get('EmailId'), status } };
  };
  const row = (email: string) => bodyRows().find((r) => r.textContent?.includes(email))!;

  it('asks before deactivating, sends nothing on Cancel, and shows the user deactivated once the server agrees', async () => {
    const { user, api } = renderPage({ [STATUS]: statusAnswer });
    await listed();
    const t = within(table());
    expect(t.getByRole<HTMLButtonElement>('button', { name: 'ada@example.com is activated' }).disabled).toBe(true);

    await user.click(t.getByRole('button', { name: 'Deactivate ada@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Alert!' });
    expect(within(dialog).getByText('Deactivate ada@example.com? They are signed out everywhere at once and cannot sign in until you activate them again. Their published EyeMails keep playing.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.route === STATUS)).toEqual([]);

    await user.click(t.getByRole('button', { name: 'Deactivate ada@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Alert!' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('ada@example.com is signed out everywhere and can no longer sign in.')).toBeTruthy();
    expect(screen.getByText('User deactivated')).toBeTruthy();
    expect(api.calls.filter((c) => c.route === STATUS).map((c) => [Object.fromEntries(c.url.searchParams), c.body])).toEqual([[{ EmailId: 'ada@example.com', Status: '0' }, undefined]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The row says so in place: the badge, the greyed state and Active to press.
    expect(t.getByRole<HTMLButtonElement>('button', { name: 'ada@example.com is deactivated' }).disabled).toBe(true);
    expect(t.getByRole('button', { name: 'Activate ada@example.com' }).textContent).toBe('Active');
    expect(within(row('ada@example.com')).getByTestId('user-status').textContent).toBe('Deactivated');
  });

  it('activates a deactivated user at once, without asking', async () => {
    const { user, api } = renderPage({ [STATUS]: statusAnswer });
    await listed();
    const t = within(table());
    expect(within(row('member2@example.com')).getByTestId('user-status').textContent).toBe('Deactivated');
    await user.click(t.getByRole('button', { name: 'Activate member2@example.com' }));
    expect(await screen.findByText('member2@example.com can sign in again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((c) => c.route === STATUS).map((c) => Object.fromEntries(c.url.searchParams))).toEqual([{ EmailId: 'member2@example.com', Status: '1' }]);
    expect(within(row('member2@example.com')).getByTestId('user-status').textContent).toBe('Activated');
  });

  it("shows the server's refusal and leaves the user as they were", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderPage({ [STATUS]: { result: false, message: 'No user found with this email address.' } });
    await listed();
    await user.click(within(table()).getByRole('button', { name: 'Deactivate ada@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Alert!' })).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('No user found with this email address.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(within(row('ada@example.com')).getByTestId('user-status').textContent).toBe('Activated');
  });
});
