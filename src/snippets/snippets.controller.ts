import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { parsed } from '../common/parsed.pipe.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';
import { parseListFilters, type SnippetListFilters } from './snippet-list-query.js';
import { SnippetEditorService } from './snippet-editor.service.js';
import { SnippetQueriesService } from './snippet-queries.service.js';
import { SnippetStatusService } from './snippet-status.service.js';
import { SnippetExportService } from './snippet-export.service.js';
import { parseExportQuery, type ExportRequest } from './export-query.js';
import { snippetFormOf } from './snippet-input.js';
import { TieredBody } from './tiered-body.decorator.js';
import { SnippetBriefDto, SnippetExportDto, SnippetSlugDto, SnippetUrlsDto, SnippetViewDto } from './dto/snippet.dto.js';
import { DeleteSnippetDto, SnippetIdDto, SnippetPayloadDto, SnippetStatusDto, UpdateSnippetPayloadDto } from './dto/snippet-payload.dto.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';

// The EyeMails of the workspace the request acts in (AuthUser.workspace), whoever made them:
// another workspace's is "not found" (404). Every member reads them, their export and links
// (viewer); creating, editing, activating and deleting takes an editor (403 below that).
@ApiTags('snippets')
@Controller('snippets')
export class SnippetsController {
  constructor(
    private readonly editor: SnippetEditorService,
    private readonly queries: SnippetQueriesService,
    private readonly statuses: SnippetStatusService,
    private readonly exporter: SnippetExportService,
  ) {}

  @Post()
  @WorkspaceScope('editor')
  @ApiOperation({
    summary: 'Create an EyeMail (active at once). 403 for logo, cover or buttons on Express accounts; 404 for a file that is not in the workspace\'s library; 409 while the video is not encoded for this overlay and width',
  })
  @ApiCreatedResponse({ type: SnippetViewDto })
  @ApiBody({ type: SnippetPayloadDto })
  async create(@CurrentUser() user: AuthUser, @TieredBody() payload: SnippetPayloadDto) {
    return ok(await this.editor.create(user, snippetFormOf(payload), { notify: payload.notify }), M.created);
  }

  @Put()
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'Update an EyeMail: the create payload plus snippetId' })
  @ApiOkResponse({ type: SnippetViewDto })
  @ApiBody({ type: UpdateSnippetPayloadDto })
  async update(@CurrentUser() user: AuthUser, @TieredBody() payload: UpdateSnippetPayloadDto) {
    return ok(await this.editor.update(user, payload.snippetId, snippetFormOf(payload), { notify: payload.notify }), M.updated);
  }

  @Get()
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: "The workspace's EyeMails, whoever made them, newest updated first" })
  @ApiQuery({ name: 'query', required: false, description: 'part of the title, any case' })
  @ApiQuery({ name: 'status', required: false, enum: ['true', 'false'], description: 'empty: all' })
  @ApiOkResponse({ type: SnippetViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser, @Query(parsed(parseListFilters)) filters: SnippetListFilters) {
    return this.queries.list(user.workspace.id, filters);
  }

  @Get('brief')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: "Id, title and thumbnail of the workspace's EyeMails (for selectors)" })
  @ApiQuery({ name: 'status', required: false, enum: ['true', 'false'] })
  @ApiOkResponse({ type: SnippetBriefDto, isArray: true })
  brief(@CurrentUser() user: AuthUser, @Query(parsed(parseListFilters)) { status }: SnippetListFilters) {
    return this.queries.brief(user.workspace.id, status);
  }

  @Put('status')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'Activate or deactivate an EyeMail' })
  @ApiOkResponse({ type: SnippetViewDto })
  async setStatus(@CurrentUser() user: AuthUser, @ValidBody() dto: SnippetStatusDto) {
    const view = await this.statuses.setStatus(user.workspace.id, dto.snippetId, dto.status);
    return ok(view, dto.status ? M.activated : M.deactivated);
  }

  @Post('snippetId')
  @WorkspaceScope('viewer')
  @HttpCode(200)
  @ApiOperation({ summary: 'One EyeMail by {snippetId} (same as GET snippets/{id})' })
  @ApiOkResponse({ type: SnippetViewDto })
  byBody(@CurrentUser() user: AuthUser, @ValidBody() dto: SnippetIdDto) {
    return this.queries.get(user.workspace.id, dto.snippetId);
  }

  @Delete()
  @WorkspaceScope('editor')
  @ApiOperation({ summary: "Delete an EyeMail by {SnippetId}; its files stay in the workspace's library" })
  async removeByBody(@CurrentUser() user: AuthUser, @ValidBody() dto: DeleteSnippetDto) {
    await this.statuses.remove(user.workspace.id, dto.SnippetId ?? dto.snippetId);
    return ok(null, M.deleted);
  }

  @Get(':id')
  @WorkspaceScope('viewer')
  @ApiOkResponse({ type: SnippetViewDto })
  get(@CurrentUser() user: AuthUser, @Param('id', uuidParam(M.notFound)) id: string) {
    return this.queries.get(user.workspace.id, id);
  }

  @Get(':id/u')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'The public addresses of an EyeMail' })
  @ApiOkResponse({ type: SnippetUrlsDto })
  urls(@CurrentUser() user: AuthUser, @Param('id', uuidParam(M.notFound)) id: string) {
    return this.queries.urls(user.workspace.id, id);
  }

  @Get(':id/slug')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'A readable link: the title as a slug plus the first 8 digits of the id' })
  @ApiOkResponse({ type: SnippetSlugDto })
  slug(@CurrentUser() user: AuthUser, @Param('id', uuidParam(M.notFound)) id: string) {
    return this.queries.slug(user.workspace.id, id);
  }

  @Get(':id/html')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'The email HTML for a platform (active EyeMails only: 409 otherwise)' })
  @ApiQuery({ name: 'emailPlatform', required: false, description: 'a code from global/email-platforms; default other' })
  @ApiQuery({ name: 'headerText', required: false })
  @ApiQuery({ name: 'includeHeader', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'includeUnsubscribeLink', required: false, enum: ['true', 'false'], description: "default: on for a platform whose rules require an unsubscribe link (global/email-platforms' unsubscribeRequired), else off" })
  @ApiQuery({ name: 'removeBranding', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'preheader', required: false, description: 'hidden preview text shown after the subject line in the inbox (at most 150 characters)' })
  @ApiOkResponse({ type: SnippetExportDto })
  html(@CurrentUser() user: AuthUser, @Param('id', uuidParam(M.notFound)) id: string, @Query(parsed(parseExportQuery)) request: ExportRequest) {
    return this.exporter.exportHtml(user, id, request);
  }

  @Delete(':id')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: "Delete an EyeMail; its files stay in the workspace's library" })
  async remove(@CurrentUser() user: AuthUser, @Param('id', uuidParam(M.notFound)) id: string) {
    await this.statuses.remove(user.workspace.id, id);
    return ok(null, M.deleted);
  }
}
