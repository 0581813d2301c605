import { describe, expect, it } from '@jest/globals';
import { canEdit, canManageMembers, canUseIntegrations, joinedCompanies, orderWorkspaces, ownedCompanies, pathAfterSwitch, type WorkspaceView } from './workspace-rules';

const ws = (id: string, kind: WorkspaceView['kind'], role: WorkspaceView['role'], name = id): WorkspaceView => ({ id, kind, name, role, membersCount: 1, domain: null, department: null });

describe('what a role sees', () => {
  it('viewers make nothing; editors make but have no integrations; admins and owners have both; an unknown role nothing', () => {
    expect([canEdit('viewer'), canEdit('editor'), canEdit('admin'), canEdit('owner'), canEdit(null)]).toEqual([false, true, true, true, false]);
    expect([canUseIntegrations('viewer'), canUseIntegrations('editor'), canUseIntegrations('admin'), canUseIntegrations('owner'), canUseIntegrations(undefined)]).toEqual([false, false, true, true, false]);
    expect([canManageMembers('editor'), canManageMembers('admin')]).toEqual([false, true]);
  });
});

describe('where a switch lands', () => {
  it("stays on the account's own pages, leaves any other for the new workspace's EyeMails", () => {
    for (const p of ['/profile', '/settings', '/support', '/product-lines']) expect(pathAfterSwitch(p)).toBeNull();
    for (const p of ['/', '/eyemails', '/eyemails/abc', '/update-eyemail/abc', '/reports/abc', '/video-library', '/integrations', '/companies', '/companies/x']) {
      expect(pathAfterSwitch(p)).toBe('/eyemails');
    }
  });
});

describe('the lists', () => {
  const list = [ws('b', 'company', 'viewer', 'Beta'), ws('me', 'personal', 'owner', 'Personal'), ws('a', 'company', 'owner', 'Alpha'), ws('c', 'company', 'admin', 'Ceta')];
  it('puts the personal workspace first, then the companies by name', () => {
    expect(orderWorkspaces(list).map((w) => w.name)).toEqual(['Personal', 'Alpha', 'Beta', 'Ceta']);
  });
  it('owned: the companies the user owns; joined: every other company; never the personal one', () => {
    expect(ownedCompanies(list).map((w) => w.id)).toEqual(['a']);
    expect(joinedCompanies(list).map((w) => w.id)).toEqual(['b', 'c']);
  });
});
