import { Controller, Delete } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { Field } from '../common/validation/rule.decorator.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { NAME_MAX } from '../shared/account-rules.js';
import { DELETE_COMPANY_MESSAGES, DeleteCompanyService } from './delete-company.service.js';

export class DeleteCompanyDto {
  @Field(
    { example: 'Acme Inc.', minLength: 1, maxLength: NAME_MAX, description: "The company's name, typed (spaces around it and the case do not matter)" },
    (v) => (typeof v === 'string' && v.trim() !== '' && v.length <= NAME_MAX ? null : DELETE_COMPANY_MESSAGES.typeTheName),
  )
  name: string;
}

// Deleting the company the request acts in (X-Workspace-Id).
@ApiTags('workspaces and companies')
@Controller('workspace')
export class DeleteCompanyController {
  constructor(private readonly companies: DeleteCompanyService) {}

  @Delete()
  @WorkspaceScope('owner')
  @ApiOperation({
    summary:
      "Delete the current company with everything in it (EyeMails, reports, videos and their files, tokens, webhooks, members): its owner only, with the company's name typed; refused (409) while any of its EyeMails is active",
  })
  @ApiOkResponse({ description: 'Deleted' })
  @ApiBadRequestResponse({ description: "The name typed is not the company's" })
  @ApiForbiddenResponse({ description: 'Not the owner, or a personal workspace' })
  @ApiConflictResponse({ description: 'Some of its EyeMails are active: deactivate them first' })
  async delete(@CurrentUser() user: AuthUser, @ValidBody() form: DeleteCompanyDto) {
    await this.companies.delete(user, form.name);
    return ok(null, DELETE_COMPANY_MESSAGES.deleted);
  }
}
