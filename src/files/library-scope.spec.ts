import { ForbiddenError } from '../common/domain-error.js';
import { assertCanEdit, isPersonalWorkspace, libraryCallerOf, personalCaller, uploadTarget, type LibraryCaller } from './library-scope.js';

const USER = '11111111-1111-4111-8111-111111111111';
const COMPANY = '22222222-2222-4222-8222-222222222222';
const inCompany = (role: LibraryCaller['role']): LibraryCaller => ({ userId: USER, workspaceId: COMPANY, role });

describe('library scope', () => {
  it('acts in the workspace the request names, with the role held there', () => {
    expect(libraryCallerOf({ id: USER, workspace: { id: COMPANY, kind: 'company', role: 'viewer' } })).toEqual(inCompany('viewer'));
    expect(isPersonalWorkspace(inCompany('owner'))).toBe(false);
    expect(isPersonalWorkspace(personalCaller(USER))).toBe(true);
  });

  it('lets editors and above change the library, and refuses viewers as the guard does', () => {
    for (const role of ['editor', 'admin', 'owner'] as const) expect(() => assertCanEdit(inCompany(role))).not.toThrow();
    expect(() => assertCanEdit(inCompany('viewer'))).toThrow(ForbiddenError);
    expect(() => assertCanEdit(inCompany('viewer'))).toThrow('Your role in this workspace (Viewer) does not allow this. Ask its owner or an admin.');
  });

  it('sends a profile picture or support attachment to the uploader’s personal workspace, anything else to the one acted in', () => {
    expect(uploadTarget(inCompany('viewer'), 'profile')).toEqual(personalCaller(USER));
    expect(uploadTarget(inCompany('viewer'), 'attachment')).toEqual({ userId: USER, workspaceId: USER, role: 'owner' });
    for (const kind of ['video', 'image', 'gif', 'logo', 'cover', 'videoIcon'] as const) expect(uploadTarget(inCompany('editor'), kind)).toEqual(inCompany('editor'));
  });
});
