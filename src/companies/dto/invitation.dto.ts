import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import { Field, PartsRuleOf } from '../../common/validation/rule.decorator.js';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../shared/workspace-roles.js';
import {
  addressErrors,
  INVITABLE_ROLES,
  INVITE_BATCH_MAX,
  type AcceptedInvitation,
  type InvitableRole,
  type InvitationPreview,
  type InvitationView,
  type InviteResult,
  type SkippedAddress,
  type SkipReason,
} from '../../shared/invitation-types.js';
import { ROLE_MESSAGE } from './member-role.dto.js';

// POST /api/workspace/invitations.
export class InviteDto {
  @ApiProperty({
    type: String,
    isArray: true,
    minItems: 1,
    maxItems: INVITE_BATCH_MAX,
    example: ['ann@acme.com', 'bob@acme.com'],
    description: `1 to ${INVITE_BATCH_MAX} addresses (any case; duplicates are invited once). Each bad address has its own message, keyed emails.<index>.`,
  })
  @PartsRuleOf(addressErrors)
  emails: string[];

  @Field({ enum: [...INVITABLE_ROLES], example: 'editor' }, (v) => ((INVITABLE_ROLES as readonly unknown[]).includes(v) ? null : ROLE_MESSAGE))
  role: InvitableRole;
}

export class InvitationViewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'ann@acme.com' }) email: string;
  @ApiProperty({ enum: [...INVITABLE_ROLES] }) role: InvitableRole;
  @ApiProperty({ example: 'Olive Owner', description: 'who sent it last' }) inviterName: string;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ description: 'Expired: it holds no seat; resend or revoke it' }) expired: boolean;
}
sameShape<InvitationViewDto, InvitationView>(true);

export class SkippedAddressDto {
  @ApiProperty({ example: 'bob@acme.com' }) email: string;
  @ApiProperty({ enum: ['member', 'pending'] }) reason: SkipReason;
  @ApiProperty({ example: 'Already a member of this company.' }) message: string;
}
sameShape<SkippedAddressDto, SkippedAddress>(true);

export class InviteResultDto {
  @ApiProperty({ type: InvitationViewDto, isArray: true }) invited: InvitationViewDto[];
  @ApiProperty({ type: SkippedAddressDto, isArray: true, description: 'Addresses not invited: members already, or with a pending invitation' }) skipped: SkippedAddressDto[];
  @ApiProperty({ type: String, isArray: true, description: 'Invited, but the mail could not be sent: resend them later' }) mailFailed: string[];
}
sameShape<InviteResultDto, InviteResult>(true);

export class InvitationPreviewDto {
  @ApiProperty({ example: 'Acme Inc.' }) companyName: string;
  @ApiProperty({ example: 'Olive Owner' }) inviterName: string;
  @ApiProperty({ enum: [...INVITABLE_ROLES] }) role: InvitableRole;
  @ApiProperty({ example: 'ann@acme.com', description: 'Only an account with this address may accept' }) email: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}
sameShape<InvitationPreviewDto, InvitationPreview>(true);

export class AcceptedInvitationDto {
  @ApiProperty({ format: 'uuid', description: 'The company workspace: send it as X-Workspace-Id' }) workspaceId: string;
  @ApiProperty({ example: 'Acme Inc.' }) companyName: string;
  @ApiProperty({ enum: [...WORKSPACE_ROLES] }) role: WorkspaceRole;
  @ApiProperty({ description: "true: the account's address was verified by this acceptance (an account made from the link)" }) emailVerified: boolean;
}
sameShape<AcceptedInvitationDto, AcceptedInvitation>(true);
