import { Injectable } from '@nestjs/common';
import { ConflictError } from '../common/domain-error.js';
import { UsersService } from '../accounts/users.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { AuditLogService } from '../workspaces/audit-log.service.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import type { Membership } from '../workspaces/workspaces.service.js';
import { COMPANIES_PER_OWNER, COMPANY_MESSAGES, PERSONAL_WORKSPACE_NAME, type WorkspaceView } from '../shared/workspace-types.js';
import type { NewCompanyDto } from './dto/new-company.dto.js';

// The workspaces a person belongs to, and new companies (each a workspace its maker owns).
@Injectable()
export class CompaniesService {
  constructor(
    private readonly users: UsersService,
    private readonly workspaces: WorkspacesService,
    private readonly audit: AuditLogService,
  ) {}

  // Personal first, then the companies in the order the user joined them: three queries in all.
  async workspacesOf(userId: string): Promise<WorkspaceView[]> {
    const memberships = await this.workspaces.membershipsOf(userId);
    return this.views(memberships);
  }

  async create(owner: AuthUser, form: NewCompanyDto): Promise<WorkspaceView> {
    const ownerUserId = owner.id;
    if ((await this.users.countOwnedCompanies(ownerUserId)) >= COMPANIES_PER_OWNER) throw new ConflictError(COMPANY_MESSAGES.tooMany);
    const { id } = await this.users.createCompany(ownerUserId, {
      name: form.companyName.trim(),
      domain: form.domain.trim().toLowerCase(),
      department: form.department.trim(),
    });
    const [view] = await this.views((await this.workspaces.membershipsOf(ownerUserId)).filter((m) => m.workspaceId === id));
    await this.audit.record({ ...owner, workspace: { id, kind: 'company', role: 'owner' } }, 'company.created', view.name);
    return view;
  }

  private async views(memberships: Membership[]): Promise<WorkspaceView[]> {
    const ids = memberships.map((m) => m.workspaceId);
    const [companies, counts] = await Promise.all([this.users.companiesOf(memberships.flatMap((m) => (m.companyId ? [m.companyId] : []))), this.workspaces.memberCounts(ids)]);
    return memberships.map((m) => {
      const company = m.companyId ? companies.get(m.companyId) : undefined;
      return {
        id: m.workspaceId,
        kind: m.kind,
        name: company?.name ?? PERSONAL_WORKSPACE_NAME,
        role: m.role,
        membersCount: counts.get(m.workspaceId) ?? 1,
        domain: company?.domain ?? null,
        department: company?.department ?? null,
      };
    });
  }
}
