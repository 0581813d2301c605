import { Inject, Injectable } from '@nestjs/common';
import { TooLargeError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isPersonalWorkspace } from './library-scope.js';
import { MediaFileRepository } from './media-file.repository.js';
import { ResumableUploadRepository } from './resumable-upload.repository.js';
import { quotaRefusal, roomLeft, type StorageUse } from './storage-quota.js';

// Who an upload counts against: the uploader, and the workspace it goes to.
export interface QuotaScope {
  userId: string;
  workspaceId: string;
}

// The storage quota (STORAGE_QUOTA_MB; the rules are storage-quota.ts's), of the uploader and of
// the workspace alike: what each uses, and the 413 for an upload that would take either past its
// quota. A personal workspace holds only its user's uploads, so its user's quota covers it.
@Injectable()
export class StorageQuotaService {
  private readonly quotaBytes: number;
  private readonly resumeMs: number;

  constructor(
    private readonly files: MediaFileRepository,
    private readonly resumable: ResumableUploadRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.quotaBytes = config.storageQuotaBytes;
    this.resumeMs = config.uploadResumeHours * 3600_000;
  }

  // What the uploader uses, in every workspace. `pending: false` leaves unfinished uploads out
  // (the check of bytes already received: the upload finishing is one of them, and the others
  // were let in at their start).
  async usage(ownerId: string, opts: { pending: boolean } = { pending: true }): Promise<StorageUse> {
    const [storedBytes, pendingBytes] = await Promise.all([
      this.files.storedBytesOf(ownerId),
      // Expired uploads (swept, or about to be) no longer hold room.
      opts.pending ? this.resumable.pendingBytesOf(ownerId, this.expiredBefore()) : 0,
    ]);
    return { storedBytes, pendingBytes, quotaBytes: this.quotaBytes };
  }

  // What the workspace's files and unfinished uploads use, whoever uploaded them.
  async workspaceUsage(workspaceId: string, opts: { pending: boolean } = { pending: true }): Promise<StorageUse> {
    const [storedBytes, pendingBytes] = await Promise.all([
      this.files.storedBytesInWorkspace(workspaceId),
      opts.pending ? this.resumable.pendingBytesInWorkspace(workspaceId, this.expiredBefore()) : 0,
    ]);
    return { storedBytes, pendingBytes, quotaBytes: this.quotaBytes };
  }

  // GET files/usage: the quota that leaves the least room for the next upload in this workspace
  // (the uploader's own, or the company workspace's).
  async binding(scope: QuotaScope): Promise<StorageUse> {
    const own = await this.usage(scope.userId);
    if (isPersonalWorkspace(scope)) return own;
    const workspace = await this.workspaceUsage(scope.workspaceId);
    return roomLeft(workspace) <= roomLeft(own) ? workspace : own;
  }

  // Both quotas apply: the uploader's first, then the company workspace's.
  async assertRoom(scope: QuotaScope, incomingBytes: number, opts: { pending: boolean }): Promise<void> {
    const own = quotaRefusal(await this.usage(scope.userId, opts), incomingBytes, 'account');
    if (own) throw new TooLargeError(own);
    if (isPersonalWorkspace(scope)) return;
    const workspace = quotaRefusal(await this.workspaceUsage(scope.workspaceId, opts), incomingBytes, 'workspace');
    if (workspace) throw new TooLargeError(workspace);
  }

  private expiredBefore(): Date {
    return new Date(Date.now() - this.resumeMs);
  }
}
