// My EyeMails' filters, without a server or a browser: they live in the address (a search and a
// status written there, read back into the fields), each change asks the server for that list, an
// empty answer says no EyeMail was found with a way to clear the filters, and a card links to its
// preview (a new tab) and its report. The server's own filtering (any case, by title) is
// test/e2e's; the delete's "Deleted!" over the list is the browser's (eyemails-manage).
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { EyeMailsListPage } from './eyemails-list-page';

const USER = testUser();
const SPRING = {
  snippet: 'sn-spring',
  title: 'Spring launch',
  status: false,
  dateCreatedUTC: '2026-11-20T10:00:00.000Z',
  dateUpdatedUTC: '2026-11-21T10:00:00.000Z',
  thumbnailUrl: null,
  previewUrl: 'http://localhost/preview/sn-spring',
};

// The server as the list sees it: the Spring EyeMail (inactive) for a search its title contains,
// nothing for an active-only list.
function renderList(path = '/eyemails') {
  const api = fakeApi({
    'GET workspaces': { result: true, body: [{ id: USER.id, kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null }] },
    'GET snippets': (_body, url) => {
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const status = url.searchParams.get('status');
      const match = 'spring launch'.includes(query) && status !== 'true';
      return { result: true, body: match ? [SPRING] : [] };
    },
  });
  const store = createStore();
  store.set(userAtom, USER);
  const view = renderWithProviders(<EyeMailsListPage />, { route: '/eyemails', path, store });
  const asked = () => api.calls.filter((c) => c.route === 'GET snippets').map((c) => Object.fromEntries(c.url.searchParams));
  return { ...view, asked };
}

const address = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));
const statusList = () => within(document.getElementById(screen.getByRole('combobox', { name: 'Status' }).getAttribute('aria-controls')!)!);

describe('My EyeMails filters', () => {
  it('lists the EyeMails with links to the preview in a new tab and to the report', async () => {
    renderList();
    const card = await screen.findByRole('article', { name: 'Spring launch' });
    expect(within(card).getByText('Inactive')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Preview Spring launch' }).getAttribute('target')).toBe('_blank');
    expect(within(card).getByRole('link', { name: 'Reports for Spring launch' }).getAttribute('href')).toBe('/reports/sn-spring');
  });

  it('writes the search and the status to the address and asks the server for that list', async () => {
    const { user, router, asked } = renderList();
    await screen.findByRole('article', { name: 'Spring launch' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'SPRING');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(address(router)).toEqual({ query: 'SPRING' }));
    expect(await screen.findByRole('article', { name: 'Spring launch' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await statusList().findByRole('option', { name: 'Active', hidden: true }));
    await waitFor(() => expect(address(router)).toEqual({ query: 'SPRING', status: 'active' }));
    expect(await screen.findByText('No EyeMails found.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Spring launch' })).toBeNull();
    expect(asked()).toEqual([{}, { query: 'SPRING' }, { query: 'SPRING', status: 'true' }]);

    // Clear filters empties the address and lists everything again.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address(router)).toEqual({}));
    expect(await screen.findByRole('article', { name: 'Spring launch' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('reads the filters from the address into the fields', async () => {
    const { asked } = renderList('/eyemails?query=spring&status=inactive');
    await screen.findByRole('article', { name: 'Spring launch' });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('spring');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('Inactive');
    expect(asked()).toEqual([{ query: 'spring', status: 'false' }]);
  });

  it('says nothing was found for a search nothing matches', async () => {
    renderList('/eyemails?query=autumn');
    expect(await screen.findByText('No EyeMails found.')).toBeTruthy();
    expect(screen.getByText('Nothing matches these filters. Try another search or status.')).toBeTruthy();
  });
});
