import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { parsed } from '../common/parsed.pipe.js';
import { AdminOnly, CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { USER_LIST_SORTS, type UserListQuery } from '../accounts/user-list.js';
import { COMPANY_LIST_SORTS, type CompanyListQuery } from '../shared/admin-companies.js';
import { AdminService } from './admin.service.js';
import { PAGE_SIZE_MAX, parseCompanyListQuery, parseStatusChange, parseUserListQuery, parseVideoQuery, type AdminVideoQuery, type StatusChange } from './admin-query.js';

// Every call here is for the admin account only: the global AuthGuard reads @AdminOnly() on the
// class and answers 401 without a session, 403 for anyone else, before a handler runs.
@ApiTags('admin')
@AdminOnly()
@Controller('Admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('GetDashboardData')
  @ApiOperation({ summary: 'Counts for the admin dashboard: userCount (accounts, the admin excluded) and videoCount (uploaded videos)' })
  dashboard() {
    return this.admin.dashboard();
  }

  @Get('GetAllUserData')
  @ApiOperation({
    summary: 'A page of users with their video counts: { data, currentPage, totalCount, totalPage }',
    description: 'key searches first name, last name, full name and email (trimmed, case-insensitive). Rows: firstName, lastName, phoneNumber, dateOfJoining, lastActivityDate, email, registrationType (Premium or Express), videoCount, status (1 activated, 0 deactivated).',
  })
  @ApiQuery({ name: 'Page', required: false, description: 'from 1 (default 1)' })
  @ApiQuery({ name: 'size', required: false, description: `1-${PAGE_SIZE_MAX} (default 12)` })
  @ApiQuery({ name: 'status', required: false, enum: ['all', '1', '0'] })
  @ApiQuery({ name: 'key', required: false })
  @ApiQuery({ name: 'sort', required: false, enum: USER_LIST_SORTS, description: 'default dateOfJoining (newest first)' })
  @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'] })
  users(@Query(parsed(parseUserListQuery)) query: UserListQuery) {
    return this.admin.userList(query);
  }

  @Get('companies')
  @ApiOperation({
    summary: 'A page of companies with their owners and counts: { data, currentPage, totalCount, totalPage }',
    description:
      'key searches the name, the domain and the owner’s address (trimmed, case-insensitive). Rows: id, name, domain, department, owner { name, email } (null without one), memberCount, videoCount, eyemails { active, total }, storageBytes (the files stored in the company’s workspace), createdDate.',
  })
  @ApiQuery({ name: 'Page', required: false, description: 'from 1 (default 1)' })
  @ApiQuery({ name: 'size', required: false, description: `1-${PAGE_SIZE_MAX} (default 10)` })
  @ApiQuery({ name: 'key', required: false })
  @ApiQuery({ name: 'sort', required: false, enum: COMPANY_LIST_SORTS, description: 'default createdDate (newest first)' })
  @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'], description: 'default asc for name, desc for the others' })
  companies(@Query(parsed(parseCompanyListQuery)) query: CompanyListQuery) {
    return this.admin.companyList(query);
  }

  @Get('companies/:id/members')
  @ApiOperation({ summary: 'A company’s members: { company: { id, name }, members: [{ name, email, role, joinedDate }] }, the owner first; 404 for no such company' })
  @ApiParam({ name: 'id', description: 'the company’s id (its workspace’s)' })
  companyMembers(@Param('id') id: string) {
    return this.admin.companyMembers(id);
  }

  @Get('GetAllVideos')
  @ApiOperation({ summary: 'Uploaded videos, newest first, a page at a time: { urLs: [{ url, createdDate, ... }], countData, currentPage, totalPage }' })
  @ApiQuery({ name: 'emailId', required: false, description: 'only this user’s videos; empty or "null" for everyone' })
  @ApiQuery({ name: 'Page', required: false })
  @ApiQuery({ name: 'size', required: false, description: `1-${PAGE_SIZE_MAX} (default 24)` })
  videos(@Query(parsed(parseVideoQuery)) query: AdminVideoQuery) {
    return this.admin.videos(query);
  }

  @Put('UpdateUserStatus')
  @ApiOperation({
    summary: 'Activate (Status=1) or deactivate (Status=0) the account with EmailId',
    description: 'Deactivating ends every session of the user at once and blocks sign-in; their published EyeMails keep playing. The admin account cannot be deactivated (409). Each change is written to the audit log.',
  })
  @ApiQuery({ name: 'EmailId', required: true })
  @ApiQuery({ name: 'Status', required: true, enum: ['1', '0'] })
  async updateStatus(@CurrentUser() user: AuthUser, @Query(parsed(parseStatusChange)) change: StatusChange) {
    const { body, message } = await this.admin.updateStatus(user, change);
    return ok(body, message);
  }
}
