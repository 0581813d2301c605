import { Injectable, Logger } from '@nestjs/common';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../common/domain-error.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { UsersService } from '../accounts/users.service.js';
import { FilesService, isForeignKeyViolation } from '../files/files.service.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { WORKSPACE_MESSAGES } from '../workspaces/workspaces.service.js';

export const DELETE_COMPANY_MESSAGES = {
  personal: 'Your personal workspace cannot be deleted: it is yours for as long as your account is. Only a company can be deleted.',
  typeTheName: "Type the company's name to delete it.",
  deleted: 'The company was deleted, with its EyeMails, their reports and its videos.',
  active: (n: number) =>
    n === 1
      ? 'Deactivate its 1 active EyeMail first: recipients still open it, and its video would stop.'
      : `Deactivate its ${n} active EyeMails first: recipients still open them, and their videos would stop.`,
} as const;

// How many times the company's files and row are deleted before giving up (uploads still arriving).
const DELETE_ATTEMPTS = 3;

// The typed name matches the company's whatever the case and the spaces around it.
export function isCompanyName(typed: string, name: string): boolean {
  const norm = (s: string) => s.trim().toLocaleLowerCase('en');
  return norm(typed) !== '' && norm(typed) === norm(name);
}

// Deleting a company (DELETE /api/workspace, its owner only). Refused while any of its EyeMails
// is active: recipients still open those emails, and their videos would stop. Otherwise it
// deletes, in this order, so a failure midway leaves no EyeMail without its video and running it
// again finishes the job:
//   1. its EyeMails with their reports (the snippets module),
//   2. its files, their encodings and every stored object of them (the files module, in batches),
//   3. the company row: the database deletes its workspace and whatever has its workspace_id
//      (members, invitations, audit log, API tokens, feed links, webhooks, unfinished uploads,
//      whose bytes the uploads sweep removes), but refuses while it holds a file: one uploaded
//      after step 2 is deleted in turn and the row tried again (deleteWithFiles).
// Members acting in it meet 404 "Workspace not found." at their next call.
@Injectable()
export class DeleteCompanyService {
  private readonly logger = new Logger('Companies');

  constructor(
    private readonly users: UsersService,
    private readonly snippets: SnippetsService,
    private readonly files: FilesService,
  ) {}

  async delete(caller: AuthUser, typedName: string): Promise<void> {
    if (caller.workspace.kind !== 'company') throw new ForbiddenError(DELETE_COMPANY_MESSAGES.personal);
    // A company's workspace has the company's id.
    const companyId = caller.workspace.id;
    const company = (await this.users.companiesOf([companyId])).get(companyId);
    if (!company) throw new NotFoundError(WORKSPACE_MESSAGES.notFound);
    // The refusal first: no one types the name for nothing.
    await this.refuseWhileActive(companyId);
    if (!isCompanyName(typedName, company.name)) throw new InvalidInputError(DELETE_COMPANY_MESSAGES.typeTheName, { name: DELETE_COMPANY_MESSAGES.typeTheName });

    const eyemails = await this.snippets.deleteInactiveIn(companyId);
    // One published meanwhile stays, and so does the company.
    await this.refuseWhileActive(companyId);
    const files = await this.deleteWithFiles(companyId);
    this.logger.log(`Company ${companyId} deleted by its owner ${caller.id}: ${eyemails} EyeMail(s), ${files} file(s)`);
  }

  // Its files, then its row. The database refuses the row while the workspace holds a file
  // (migration 0040): one uploaded after its files were deleted is deleted in turn, with its stored
  // objects, and the row tried again. How many files were deleted.
  private async deleteWithFiles(companyId: string): Promise<number> {
    let files = 0;
    for (let attempt = 1; ; attempt++) {
      files += await this.files.deleteAllInWorkspace(companyId);
      try {
        await this.users.deleteCompany(companyId);
        return files;
      } catch (e) {
        if (!isForeignKeyViolation(e) || attempt >= DELETE_ATTEMPTS) throw e;
        this.logger.log(`Company ${companyId}: a file was added while it was being deleted; deleting it too`);
      }
    }
  }

  private async refuseWhileActive(companyId: string): Promise<void> {
    const active = await this.snippets.countActiveIn(companyId);
    if (active > 0) throw new ConflictError(DELETE_COMPANY_MESSAGES.active(active));
  }
}
