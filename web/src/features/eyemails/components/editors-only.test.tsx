// Create and Update EyeMail for a company's viewer who types the address (no menu or button
// offers it to them): they are told why, with the way back, instead of a form whose save the
// server refuses; an editor of the same company gets the form; nothing shows while the role is
// not known yet. (The server's refusal is test/e2e's security matrix.)
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { workspaceIdAtom } from '@/lib/session/workspace-atom';
import { CreateEyeMailPage } from './create-eyemail-page';

const USER = testUser();
const COMPANY = 'c0ffee00-0000-4000-8000-000000000001';
const workspaces = (role: string) => ({
  result: true,
  body: [
    { id: USER.id, kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null },
    { id: COMPANY, kind: 'company', name: 'Northwind Marketing', role, membersCount: 4, domain: 'acme.example', department: 'Marketing' },
  ],
});

function renderCreate(answer: Answer) {
  fakeApi({ 'GET workspaces': answer, 'GET notifications/settings': { result: true, body: { events: [] } } });
  const store = createStore();
  store.set(userAtom, USER);
  store.set(workspaceIdAtom, COMPANY);
  return renderWithProviders(<CreateEyeMailPage />, { route: '/create-eyemail', path: '/create-eyemail', store });
}

afterEach(() => window.localStorage.clear());

describe('Create EyeMail for a company member', () => {
  it("tells a viewer they can't create EyeMails there, with the way back, and shows no form", async () => {
    renderCreate(workspaces('viewer'));
    expect(await screen.findByText("Viewers can't create or change EyeMails")).toBeTruthy();
    expect(screen.getByText(/In Northwind Marketing you can see the EyeMails and their reports/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to EyeMails' }).getAttribute('href')).toBe('/eyemails');
    expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create EyeMail' })).toBeNull();
  });

  it('gives an editor the form', async () => {
    renderCreate(workspaces('editor'));
    expect(await screen.findByRole('region', { name: 'Getting Started' })).toBeTruthy();
    expect(screen.queryByText("Viewers can't create or change EyeMails")).toBeNull();
  });

  it('shows neither while the role is not known yet', async () => {
    let answer: (a: ReturnType<typeof workspaces>) => void = () => undefined;
    renderCreate(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('heading', { name: 'Create EyeMail' })).toBeTruthy();
    expect(screen.queryByText("Viewers can't create or change EyeMails")).toBeNull();
    expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull();
    answer(workspaces('viewer'));
    await waitFor(() => expect(screen.getByText("Viewers can't create or change EyeMails")).toBeTruthy());
  });
});
