// My Companies without a server or a browser: the tabs' filtering (owned: the user's role is
// owner; joined: any other role), their empty states, and New Company's fields, messages and what
// it sends. Switching workspaces and the phone menu are the browser's (test/browser/companies.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import type { User } from '@/lib/session/user';
import type { WorkspaceView } from '@/lib/workspace/workspace-rules';
import { CompaniesPage, EMPTY_JOINED, EMPTY_OWNED } from './companies-page';

const ME: User = testUser({ id: 'me' });

const personal: WorkspaceView = { id: 'me', kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null };
const company = (id: string, name: string, role: WorkspaceView['role'], membersCount = 3): WorkspaceView => ({
  id,
  kind: 'company',
  name,
  role,
  membersCount,
  domain: `${id}.example`,
  department: 'Marketing',
});

function render(workspaces: WorkspaceView[], extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET workspaces': { result: true, body: workspaces }, ...extra });
  const store = createStore();
  store.set(userAtom, ME);
  return { ...renderWithProviders(<CompaniesPage />, { store, path: '/companies', route: '/companies' }), api };
}

afterEach(() => window.localStorage.clear());

describe('My Companies tabs', () => {
  it('lists the companies the user owns under Owned, the others under Joined, never the personal workspace', async () => {
    const { user } = render([personal, company('zeta', 'Zeta Films', 'owner', 1), company('acme', 'Acme Marketing', 'owner', 4), company('globex', 'Globex', 'viewer', 12), company('initech', 'Initech', 'admin')]);
    expect(screen.getByText('Work together with your team')).toBeTruthy();

    const owned = await screen.findByRole('tabpanel', { name: /Owned Companies/ });
    const ownedCards = await within(owned).findAllByRole('article');
    // By name, each with its domain, members count and the user's role.
    expect(ownedCards.map((c) => c.getAttribute('aria-label'))).toEqual(['Acme Marketing', 'Zeta Films']);
    expect(within(ownedCards[0]).getByText('acme.example')).toBeTruthy();
    expect(within(ownedCards[0]).getByText('4 members')).toBeTruthy();
    expect(within(ownedCards[1]).getByText('1 member')).toBeTruthy();
    expect(within(ownedCards[0]).getByText('Owner')).toBeTruthy();
    expect(within(owned).queryByText('Personal')).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Companies I've Joined/ }));
    const joined = screen.getByRole('tabpanel', { name: /Companies I've Joined/ });
    const joinedCards = within(joined).getAllByRole('article');
    expect(joinedCards.map((c) => c.getAttribute('aria-label'))).toEqual(['Globex', 'Initech']);
    expect(within(joinedCards[0]).getByText('Viewer')).toBeTruthy();
    expect(within(joinedCards[0]).getByText('12 members')).toBeTruthy();
    expect(within(joinedCards[1]).getByText('Admin')).toBeTruthy();
    // Each opens its members.
    expect(within(joinedCards[0]).getByRole('link', { name: 'Members of Globex' }).getAttribute('href')).toBe('/companies/globex');
  });

  it('says so when there is nothing in a tab, and offers New Company where the user could own one', async () => {
    const { user } = render([personal]);
    const owned = await screen.findByRole('tabpanel', { name: /Owned Companies/ });
    await within(owned).findByText(EMPTY_OWNED);
    expect(within(owned).getByRole('button', { name: 'New Company' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Companies I've Joined/ }));
    const joined = screen.getByRole('tabpanel', { name: /Companies I've Joined/ });
    expect(within(joined).getByText(EMPTY_JOINED)).toBeTruthy();
    expect(within(joined).queryAllByRole('article')).toHaveLength(0);
  });

  it('shows the server\'s message when the list cannot be loaded', async () => {
    fakeApi({ 'GET workspaces': { result: false, message: 'Please sign in to continue.' } });
    const store = createStore();
    store.set(userAtom, ME);
    renderWithProviders(<CompaniesPage />, { store, path: '/companies', route: '/companies' });
    expect(await screen.findByText(/Please sign in to continue\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('New Company', () => {
  it('asks for each field with its message, and sends nothing until they are right', async () => {
    const { user, api } = render([personal]);
    await user.click(screen.getAllByRole('button', { name: 'New Company' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New Company' });
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Please enter your company name.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter domain name!')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your department name.')).toBeTruthy();

    // A domain with a scheme or a path is not a bare domain; spaces alone are no name.
    await user.type(within(dialog).getByLabelText(/Company name/), '   ');
    await user.type(within(dialog).getByLabelText(/Domain/), 'https://acme.example/team');
    await user.type(within(dialog).getByLabelText(/Department/), 'Growth');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Please enter your company name.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter domain name!')).toBeTruthy();
    expect(within(dialog).queryByText('Please enter your department name.')).toBeNull();
    expect(api.bodiesOf('POST companies')).toEqual([]);
  });

  it('creates the company from trimmed fields, lists it and offers to switch to it', async () => {
    const created = company('acme', 'Acme Marketing', 'owner', 1);
    let list = [personal];
    const { user, api } = render([], {
      'GET workspaces': () => ({ result: true, body: list }),
      'POST companies': () => {
        list = [personal, created];
        return { result: true, message: 'The company is ready.', body: created };
      },
    });
    await screen.findByText(EMPTY_OWNED);
    await user.click(screen.getAllByRole('button', { name: 'New Company' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New Company' });
    await user.type(within(dialog).getByLabelText(/Company name/), '  Acme Marketing ');
    await user.type(within(dialog).getByLabelText(/Domain/), 'Acme.Example');
    await user.type(within(dialog).getByLabelText(/Department/), ' Marketing');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));

    const done = await screen.findByRole('dialog', { name: 'Company created' });
    expect(within(done).getByText('Acme Marketing is ready.')).toBeTruthy();
    expect(within(done).getByRole('button', { name: 'Switch to Acme Marketing' })).toBeTruthy();
    expect(api.bodiesOf('POST companies')).toEqual([{ companyName: 'Acme Marketing', domain: 'acme.example', department: 'Marketing' }]);
    // The list behind it has the new company.
    const owned = screen.getByRole('tabpanel', { name: /Owned Companies/ });
    expect(await within(owned).findByRole('article', { name: 'Acme Marketing' })).toBeTruthy();
  });

  it("shows the server's field messages in place", async () => {
    const { user } = render([personal], {
      'POST companies': { result: false, message: 'Please enter domain name!', errors: { domain: 'Please enter domain name!' } },
    });
    await user.click((await screen.findAllByRole('button', { name: 'New Company' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New Company' });
    await user.type(within(dialog).getByLabelText(/Company name/), 'Acme');
    await user.type(within(dialog).getByLabelText(/Domain/), 'acme.example');
    await user.type(within(dialog).getByLabelText(/Department/), 'Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));
    const domain = within(dialog).getByLabelText(/Domain/);
    expect(await within(dialog).findByText('Please enter domain name!')).toBeTruthy();
    expect(domain.getAttribute('aria-invalid')).toBe('true');
  });
});
