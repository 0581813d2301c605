import { Field } from '../../common/validation/rule.decorator.js';

export const ASSIGNABLE_ROLES = ['admin', 'editor', 'viewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_MESSAGE = 'Choose a role: admin, editor or viewer.';

export class MemberRoleDto {
  @Field({ enum: [...ASSIGNABLE_ROLES], example: 'editor' }, (v) => ((ASSIGNABLE_ROLES as readonly unknown[]).includes(v) ? null : ROLE_MESSAGE))
  role: AssignableRole;
}
