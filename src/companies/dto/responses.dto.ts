import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../shared/workspace-roles.js';
import type { MemberView, WorkspaceView } from '../../shared/workspace-types.js';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../shared/workspace-audit.js';

export class WorkspaceViewDto {
  @ApiProperty({ format: 'uuid', description: "Send it as X-Workspace-Id to act in this workspace. The personal workspace's id is the user's." }) id: string;
  @ApiProperty({ enum: ['personal', 'company'] }) kind: 'personal' | 'company';
  @ApiProperty({ example: 'Acme Inc.' }) name: string;
  @ApiProperty({ enum: [...WORKSPACE_ROLES] }) role: WorkspaceRole;
  @ApiProperty({ example: 3 }) membersCount: number;
  @ApiProperty({ nullable: true, type: String, example: 'acme.com' }) domain: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'Marketing' }) department: string | null;
}
sameShape<WorkspaceViewDto, WorkspaceView>(true);

export class MemberViewDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: 'Ann Lee' }) fullName: string;
  @ApiProperty({ example: 'ann@acme.com' }) email: string;
  @ApiProperty({ enum: [...WORKSPACE_ROLES] }) role: WorkspaceRole;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiProperty({ description: 'The signed-in user themselves' }) you: boolean;
}
sameShape<MemberViewDto, MemberView>(true);

export class AuditEntryDto {
  @ApiProperty({ example: 42 }) id: number;
  @ApiProperty({ enum: Object.keys(AUDIT_ACTIONS) }) action: AuditAction;
  @ApiProperty({ example: 'Ann Lee', description: 'Who did it, as they were named then' }) actorName: string;
  @ApiProperty({ nullable: true, type: String, example: 'bob@acme.com' }) subject: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'Viewer → Editor' }) detail: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
sameShape<AuditEntryDto, AuditEntry>(true);
