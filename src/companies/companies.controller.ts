import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { AccountScope } from '../common/auth/workspace-access.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { COMPANY_MESSAGES } from '../shared/workspace-types.js';
import { CompaniesService } from './companies.service.js';
import { NewCompanyDto } from './dto/new-company.dto.js';
import { WorkspaceViewDto } from './dto/responses.dto.js';

@ApiTags('workspaces and companies')
@Controller()
@AccountScope()
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get('workspaces')
  @ApiOperation({ summary: 'The workspaces you belong to: your personal one first, then your companies, with your role in each' })
  @ApiOkResponse({ type: WorkspaceViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser) {
    return this.companies.workspacesOf(user.id);
  }

  @Post('companies')
  @HttpCode(201)
  @ApiOperation({ summary: 'Make a company: a workspace you own, for working with your team' })
  @ApiCreatedResponse({ type: WorkspaceViewDto })
  async create(@CurrentUser() user: AuthUser, @ValidBody() form: NewCompanyDto) {
    return ok(await this.companies.create(user, form), COMPANY_MESSAGES.created);
  }
}
