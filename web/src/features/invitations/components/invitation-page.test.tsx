// The invitation link's page without a server: what it offers signed out (sign-in and sign-up for
// the invited address, both coming back), to the invited account (Accept: joins, switches to the
// company, opens its library) and to another account (says so, offers to sign out); a link that no
// longer works says why.
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { workspaceIdAtom } from '@/lib/session/workspace-atom';
import type { User } from '@/lib/session/user';
import { InvitationPage } from './invitation-page';

const TOKEN = 'a'.repeat(43);
const WS = '6f1c3a52-8d2e-4b7a-9c1d-2e3f4a5b6c7d';
const PREVIEW = { companyName: 'Acme', inviterName: 'Olive Owner', role: 'editor', email: 'ann@acme.com', expiresAt: '2026-12-06T10:00:00.000Z' };
const ANN: User = testUser({ id: 'u-ann', fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', email: 'Ann@Acme.com', emailVerified: false });

function render(user: User | null, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ [`GET invitations/${TOKEN}`]: { result: true, body: PREVIEW }, ...routes });
  const store = createStore();
  if (user) store.set(userAtom, user);
  return { ...renderWithProviders(<InvitationPage />, { store, route: '/invitations/:token', path: `/invitations/${TOKEN}` }), api, store };
}

afterEach(() => window.localStorage.clear());

describe('invitation page', () => {
  it('signed out: names the company, role and address, and offers sign-in and sign-up for it that come back here', async () => {
    render(null);
    expect(await screen.findByText('Olive Owner invited you to Acme on EyeMail as an editor.')).toBeTruthy();
    const back = `?next=${encodeURIComponent(`/invitations/${TOKEN}`)}&email=ann%40acme.com`;
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/signin${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/signup${back}`);
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('signed in with the invited address (any case): Accept joins, switches to the company and opens its library', async () => {
    const { api, router, store, user } = render(ANN, {
      [`POST invitations/${TOKEN}/accept`]: { result: true, message: 'Welcome to Acme! You joined as an editor.', body: { workspaceId: WS, companyName: 'Acme', role: 'editor', emailVerified: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/video-library');
    expect(store.get(workspaceIdAtom)).toBe(WS);
    expect(store.get(userAtom)?.emailVerified).toBe(true);
    expect(api.calls.map((c) => c.route)).toEqual([`GET invitations/${TOKEN}`, `POST invitations/${TOKEN}/accept`]);
  });

  it("shows the server's refusal of the acceptance and stays", async () => {
    const { user, router } = render(ANN, { [`POST invitations/${TOKEN}/accept`]: { result: false, message: 'Verify your email address first.' } });
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText('Verify your email address first.')).toBeTruthy();
    expect(screen.getByText('Not accepted')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/invitations/${TOKEN}`);
  });

  it('signed in with another account: says which address the invitation is for and offers to sign out, not to accept', async () => {
    render({ ...ANN, email: 'bob@acme.com' });
    expect(await screen.findByText(/You are signed in as bob@acme.com, but this invitation is for ann@acme.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('a link that no longer works says why', async () => {
    render(null, { [`GET invitations/${TOKEN}`]: { result: false, message: 'This invitation was withdrawn by the company.' } });
    expect(await screen.findByText('This invitation was withdrawn by the company.')).toBeTruthy();
    expect(screen.getByText('This invitation cannot be used')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
