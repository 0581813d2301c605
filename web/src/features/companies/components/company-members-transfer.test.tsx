// Handing a company to an admin without a server: only the owner has Make owner, only on an
// admin's row (anyone else's menu says why not); it asks first, Cancel sends nothing, and the
// server's words are toasted whether it agrees or refuses. The owner and admins see the activity.
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import type { User } from '@/lib/session/user';
import type { MemberView, WorkspaceView } from '@/lib/workspace/workspace-rules';
import { CompanyMembersPage } from './company-members-page';
import { TRANSFER_HINT } from './member-row';

const me: User = testUser({ id: 'ada' });

const workspaces = (role: WorkspaceView['role']): WorkspaceView[] => [
  { id: 'ada', kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null },
  { id: 'acme', kind: 'company', name: 'Acme', role, membersCount: 3, domain: 'acme.example', department: 'Sales' },
];
const member = (userId: string, fullName: string, role: MemberView['role'], you = false): MemberView => ({ userId, fullName, email: `${userId}@acme.example`, role, joinedAt: '2026-11-01T00:00:00Z', you });
const before = [member('ada', 'Ada Lovelace', 'owner', true), member('adam', 'Adam Admin', 'admin'), member('ed', 'Ed Editor', 'editor')];
const after = [member('adam', 'Adam Admin', 'owner'), member('ada', 'Ada Lovelace', 'admin', true), member('ed', 'Ed Editor', 'editor')];

function render(role: WorkspaceView['role'], extra: Record<string, Answer> = {}) {
  const api = fakeApi({
    'GET workspaces': { result: true, body: workspaces(role) },
    'GET workspace/members': { result: true, body: role === 'owner' ? before : after },
    'GET workspace/audit': { result: true, body: [] },
    ...extra,
  });
  const store = createStore();
  store.set(userAtom, me);
  return { ...renderWithProviders(<CompanyMembersPage />, { store, path: '/companies/acme', route: '/companies/:id' }), api };
}

const transfers = (api: ReturnType<typeof render>['api']) => api.bodiesOf('POST workspace/transfer');

afterEach(() => window.localStorage.clear());

describe('making an admin the owner', () => {
  it('asks first; Cancel sends nothing; confirmed, the list and the role shown are the server’s new ones and its words toasted', async () => {
    let done = false;
    const { user, api } = render('owner', {
      'GET workspaces': () => ({ result: true, body: workspaces(done ? 'admin' : 'owner') }),
      'GET workspace/members': () => ({ result: true, body: done ? after : before }),
      'POST workspace/transfer': () => {
        done = true;
        return { result: true, message: 'The company has a new owner. You are now one of its admins.' };
      },
    });
    await screen.findByText(/Your role: Owner/);
    await user.click(await screen.findByRole('button', { name: 'More for Adam Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make owner', hidden: true }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Make Adam Admin the owner of Acme? You become an admin; only the owner can transfer the ownership or delete the company.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(transfers(api)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More for Adam Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make owner', hidden: true }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }));
    expect(await screen.findByText('The company has a new owner. You are now one of its admins.')).toBeTruthy();
    expect(transfers(api)).toEqual([{ userId: 'adam' }]);
    // Everything read again: the workspaces (the role shown), the members, the activity.
    expect(await screen.findByText(/Your role: Admin/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Members' });
    expect(within(within(list).getByRole('listitem', { name: 'Adam Admin' })).getByText('Owner')).toBeTruthy();
    // An admin now: no Make owner, no Delete company; the activity is still theirs to see.
    expect(screen.queryByRole('button', { name: /^More for/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delete company' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'GET workspace/audit').length).toBeGreaterThanOrEqual(2);
  });

  it('a refusal is toasted in the server’s words and changes nothing', async () => {
    const { user, api } = render('owner', {
      'POST workspace/transfer': { result: false, message: 'The ownership goes to an admin of the company: make them an admin first.' },
    });
    await user.click(await screen.findByRole('button', { name: 'More for Adam Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make owner', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make owner' }));
    expect(await screen.findByText('The ownership goes to an admin of the company: make them an admin first.')).toBeTruthy();
    expect(transfers(api)).toHaveLength(1);
    expect(screen.getByText(/Your role: Owner/)).toBeTruthy();
  });

  it('on a member who is not an admin, Make owner is disabled and says why', async () => {
    const { user, api } = render('owner');
    await user.click(await screen.findByRole('button', { name: 'More for Ed Editor' }));
    const item = await screen.findByRole('menuitem', { name: /^Make owner/, hidden: true });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(within(item).getByText(TRANSFER_HINT)).toBeTruthy();
    await user.click(item);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(transfers(api)).toHaveLength(0);
  });

  it('an admin has no Make owner, and sees the activity', async () => {
    render('admin');
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: /^More for/ })).toBeNull();
    expect(await screen.findByText('Nothing yet: invitations, role changes and integrations show here.')).toBeTruthy();
  });

  it('an editor sees no activity and asks for none', async () => {
    const { api } = render('editor');
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('heading', { name: 'Activity' })).toBeNull();
    expect(api.calls.filter((c) => c.route === 'GET workspace/audit')).toHaveLength(0);
  });
});
