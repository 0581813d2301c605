import { Controller, Delete, Head, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { libraryCallerOf } from './library-scope.js';
import { ResumableUploadService } from './resumable-upload.service.js';

const TUS_NOTE =
  'tus 1.0.0 (https://tus.io/protocols/resumable-upload), extensions creation, creation-with-upload, creation-defer-length, ' +
  'termination, expiration. Session and X-XSRF-TOKEN as every state-changing call. Upload-Metadata: type (video), filename, filetype, ' +
  'source (file: .mp4/.mov with Upload-Length, at most 300 MB; recorder: also video/webm, and Upload-Defer-Length: 1 allowed). ' +
  'An unfinished upload expires UPLOAD_RESUME_HOURS (24) after its creation or last PATCH (Upload-Expires); it is then deleted. ' +
  'An upload’s address is exactly the Location (/api/files/uploads/<32 hex>): a query string is 400, anything else 404. ' +
  'An upload belongs to the workspace it was started in (X-Workspace-Id) and its video becomes that workspace’s; every call needs the editor role there (403 below). ' +
  'Errors carry the usual envelope: 404 another workspace’s or an unknown upload, 409 wrong Upload-Offset, 413 past the declared length ' +
  'or 300 MB (the partial is deleted), or at creation (and on the last byte) past the account’s or the company workspace’s storage quota (STORAGE_QUOTA_MB each, ' +
  'counting stored files and unfinished uploads at their declared length), 415 wrong type, 429 past UPLOADS_PER_HOUR or 5 unfinished uploads of the account or of the workspace. The last PATCH answers 200 ' +
  'with the file (as POST /files) or the refusal POST /files would give; HEAD of a finished upload carries EyeMail-File-Id.';

// The tus endpoint for resumable video uploads (docs/architecture.md "Resumable uploads"). Listed
// before FilesController so `files/uploads/...` never reaches `files/:id`.
@ApiTags('files')
@Controller('files/uploads')
export class ResumableUploadsController {
  constructor(private readonly uploads: ResumableUploadService) {}

  @Post()
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'Create a resumable upload (tus), optionally with its first bytes', description: TUS_NOTE })
  create(@CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(libraryCallerOf(user), req, res, null);
  }

  @Head(':id')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'The offset of a resumable upload (tus HEAD); a finished one names its file in EyeMail-File-Id', description: TUS_NOTE })
  offset(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(libraryCallerOf(user), req, res, id);
  }

  @Patch(':id')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'Send bytes from Upload-Offset on (tus PATCH, application/offset+octet-stream)', description: TUS_NOTE })
  append(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(libraryCallerOf(user), req, res, id);
  }

  @Delete(':id')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: 'Cancel an unfinished resumable upload (tus termination): its bytes are deleted', description: TUS_NOTE })
  terminate(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(libraryCallerOf(user), req, res, id);
  }
}
