import { isWorkspaceRole, roleAllows, WORKSPACE_ROLES } from './workspace-roles.js';

describe('workspace roles', () => {
  it.each([
    ['owner', 'owner', true],
    ['owner', 'viewer', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'editor', true],
    ['editor', 'admin', false],
    ['editor', 'editor', true],
    ['editor', 'viewer', true],
    ['viewer', 'editor', false],
    ['viewer', 'viewer', true],
  ] as const)('%s may do what needs %s: %s', (held, needed, allowed) => {
    expect(roleAllows(held, needed)).toBe(allowed);
  });

  it('knows its four roles and nothing else', () => {
    expect(WORKSPACE_ROLES.filter(isWorkspaceRole)).toHaveLength(4);
    for (const x of ['Owner', 'member', '', null, 3, 'user']) expect(isWorkspaceRole(x)).toBe(false);
  });
});
