// A company's members page without a server: who may change roles and remove members (owners and
// admins, never on the owner or themselves), that removing and leaving ask first, and what is sent.
import { afterEach, describe, expect, it } from '@jest/globals';
import { testUser } from '@/testing/test-user';
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import type { User } from '@/lib/session/user';
import type { MemberView, WorkspaceView } from '@/lib/workspace/workspace-rules';
import { CompanyMembersPage } from './company-members-page';

const me = (id: string): User => testUser({ id });

const acme = (role: WorkspaceView['role']): WorkspaceView => ({ id: 'acme', kind: 'company', name: 'Acme', role, membersCount: 3, domain: 'acme.example', department: 'Sales' });
const member = (userId: string, fullName: string, role: MemberView['role'], you = false): MemberView => ({ userId, fullName, email: `${userId}@acme.example`, role, joinedAt: '2026-11-01T00:00:00Z', you });

function render(role: WorkspaceView['role'], members: MemberView[], extra: Record<string, Answer> = {}) {
  const api = fakeApi({
    'GET workspaces': { result: true, body: [{ id: 'ada', kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null }, acme(role)] },
    'GET workspace/members': { result: true, body: members },
    ...extra,
  });
  const store = createStore();
  store.set(userAtom, me('ada'));
  return { ...renderWithProviders(<CompanyMembersPage />, { store, path: '/companies/acme', route: '/companies/:id' }), api };
}

afterEach(() => window.localStorage.clear());

describe('a company’s members', () => {
  it('an admin changes the role of a member, never of the owner or their own', async () => {
    const { user, api } = render('admin', [member('olive', 'Olive Owner', 'owner'), member('ada', 'Ada Lovelace', 'admin', true), member('ed', 'Ed Editor', 'editor')], {
      'PATCH workspace/members/ed': { result: true, message: 'The role was changed.' },
    });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByLabelText('Role of Olive Owner')).toBeNull();
    expect(screen.queryByLabelText('Role of Ada Lovelace')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Olive Owner' })).toBeNull();

    await user.click(screen.getAllByLabelText('Role of Ed Editor').find((el) => el.tagName === 'INPUT')!);
    // jsdom does not count Mantine's open dropdown as visible: its options are found among hidden ones.
    await user.click(await screen.findByRole('option', { name: 'Viewer', hidden: true }));
    expect(await screen.findByText('The role was changed.')).toBeTruthy();
    expect(api.bodiesOf('PATCH workspace/members/ed')).toEqual([{ role: 'viewer' }]);
  });

  it('removing a member asks first, and Cancel removes no one', async () => {
    const { user, api } = render('owner', [member('ada', 'Ada Lovelace', 'owner', true), member('ed', 'Ed Editor', 'editor')], {
      'DELETE workspace/members/ed': { result: true, message: 'The member was removed. They lost access at once.' },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Ed Editor' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Remove Ed Editor from Acme\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.route.startsWith('DELETE'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Ed Editor' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The member was removed. They lost access at once.')).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'DELETE workspace/members/ed')).toHaveLength(1);
  });

  it('a viewer sees the members and roles, may leave after saying so, and changes nothing', async () => {
    const { user, api } = render('viewer', [member('olive', 'Olive Owner', 'owner'), member('ada', 'Ada Lovelace', 'viewer', true), member('ed', 'Ed Editor', 'editor')], {
      'POST workspace/leave': { result: true, message: 'You left the company.' },
    });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(within(list).getByRole('listitem', { name: 'Ed Editor' })).getByText('Editor')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByLabelText(/^Role of/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Leave Acme\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the company.')).toBeTruthy();
    expect(api.calls.filter((c) => c.route === 'POST workspace/leave')).toHaveLength(1);
  });

  it('the owner has no Leave', async () => {
    render('owner', [member('ada', 'Ada Lovelace', 'owner', true)]);
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull();
  });
});
