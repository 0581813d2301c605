import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import type { StorageUsage } from '../shared/api-types.js';
import { FilesService } from './files.service.js';
import { FileUploadService } from './file-upload.service.js';
import { FileListItemDto, FileViewDto, RenameVideoDto, StorageUsageDto } from './files.dto.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { StorageQuotaService } from './storage-quota.service.js';
import { FILE_KINDS, UPLOAD_MESSAGES } from './upload-rules.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { libraryCallerOf } from './library-scope.js';

// The library of the workspace the request acts in (X-Workspace-Id; without it the personal one):
// members read it, editors and above change it (library-scope.ts). Profile pictures and support
// attachments are the uploader's own, kept in their personal workspace wherever they were sent
// (a viewer of a company sends theirs from their personal workspace).
@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly uploads: FileUploadService,
    private readonly quota: StorageQuotaService,
  ) {}

  @Post()
  @WorkspaceScope('editor')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Upload one file (multipart/form-data, streamed)',
    description:
      'The file goes in the "file" part, after any text fields (another file part, a file under another name or a field after the file: 400; a body that stops arriving: 408 after UPLOAD_IDLE_TIMEOUT_SECONDS). Limits: video .mp4/.mov up to 300 MB; gif 14 MB; image 15 MB; ' +
      'logo, cover, videoIcon, profile and attachment 10 MB (png/jpg/jpeg; cover also gif). The content is checked (magic bytes, ' +
      'ffprobe for videos); images other than GIF are stored as JPEG of at most 600x600 without metadata (attachments: at most 2000x2000, PNG stays PNG). ' +
      'The editor role is needed in the workspace the request acts in (X-Workspace-Id; 403 below). The file goes to that workspace; a profile or attachment goes to the uploader’s personal workspace. ' +
      '400 no/empty/several files, 413 too large or past the account’s or the company workspace’s storage quota (STORAGE_QUOTA_MB each, see GET files/usage), 415 wrong type, 422 unreadable content, 429 past UPLOADS_PER_HOUR uploads of the ' +
      'account in the hour (with Retry-After); nothing is stored on failure.',
  })
  @ApiQuery({ name: 'type', enum: FILE_KINDS })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ type: FileViewDto })
  async upload(@CurrentUser() user: AuthUser, @Query('type') type: unknown, @Req() req: Request) {
    return ok(await this.uploads.upload(libraryCallerOf(user), type, req), UPLOAD_MESSAGES.uploaded);
  }

  @Get()
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'The workspace’s files of one type, newest first (type=video for the video library); for profile and attachment, the signed-in user’s own' })
  @ApiQuery({ name: 'type', enum: FILE_KINDS })
  @ApiOkResponse({ type: FileListItemDto, isArray: true })
  list(@CurrentUser() user: AuthUser, @Query('type') type: unknown) {
    return this.files.listForCaller(libraryCallerOf(user), type);
  }

  // Before files/:id, which would take "usage" for an id.
  @Get('usage')
  @WorkspaceScope('viewer')
  @ApiOperation({
    summary: 'Storage: bytes used (files and unfinished uploads) and the quota (STORAGE_QUOTA_MB)',
    description: 'Of the signed-in user (their uploads in every workspace) or, in a company workspace, of the workspace (every member’s uploads there): whichever leaves less room.',
  })
  @ApiOkResponse({ type: StorageUsageDto })
  async usage(@CurrentUser() user: AuthUser) {
    const use = await this.quota.binding({ userId: user.id, workspaceId: user.workspace.id });
    return ok<StorageUsage>({ usedBytes: use.storedBytes + use.pendingBytes, quotaBytes: use.quotaBytes });
  }

  @Get(':id')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'One of the workspace’s files (or one of the signed-in user’s own profile pictures and attachments). Another workspace’s: 404' })
  @ApiOkResponse({ type: FileViewDto })
  get(@CurrentUser() user: AuthUser, @Param('id', uuidParam(UPLOAD_MESSAGES.notFound)) id: string) {
    return this.files.getForCaller(libraryCallerOf(user), id);
  }

  @Patch(':id')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'Rename one of the workspace’s videos (1-100 characters, trimmed; the extension is kept). Another workspace’s video: 404' })
  @ApiOkResponse({ type: FileViewDto })
  async rename(@CurrentUser() user: AuthUser, @Param('id', uuidParam(UPLOAD_MESSAGES.notFound)) id: string, @ValidBody() dto: RenameVideoDto) {
    return ok(await this.files.renameVideo(libraryCallerOf(user), id, dto.name), UPLOAD_MESSAGES.renamed);
  }

  @Delete(':id')
  @WorkspaceScope('editor')
  @ApiOperation({
    summary: 'Delete a file and everything made from it (409 while an EyeMail uses it)',
    description: 'One of the workspace’s files, or one of the signed-in user’s own profile pictures and attachments; the editor role is needed in the workspace the request acts in (403 below). Another workspace’s: 404.',
  })
  async remove(@CurrentUser() user: AuthUser, @Param('id', uuidParam(UPLOAD_MESSAGES.notFound)) id: string) {
    await this.files.deleteForCaller(libraryCallerOf(user), id);
    return ok(null, UPLOAD_MESSAGES.deleted);
  }
}
