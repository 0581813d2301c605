import { Inject, Injectable } from '@nestjs/common';
import { TooLargeError } from '../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MediaFileRepository } from './media-file.repository.js';
import { ResumableUploadRepository } from './resumable-upload.repository.js';
import { quotaRefusal, type StorageUse } from './storage-quota.js';

// The per-account storage quota (STORAGE_QUOTA_MB; the rules are storage-quota.ts's): what an
// account uses, and the 413 for an upload that would take it past its quota.
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

  // `pending: false` leaves unfinished uploads out (the check of bytes already received: the
  // upload finishing is one of them, and the others were let in at their start).
  async usage(ownerId: string, opts: { pending: boolean } = { pending: true }): Promise<StorageUse> {
    const [storedBytes, pendingBytes] = await Promise.all([
      this.files.storedBytesOf(ownerId),
      // Expired uploads (swept, or about to be) no longer hold room.
      opts.pending ? this.resumable.pendingBytesOf(ownerId, new Date(Date.now() - this.resumeMs)) : 0,
    ]);
    return { storedBytes, pendingBytes, quotaBytes: this.quotaBytes };
  }

  async assertRoom(ownerId: string, incomingBytes: number, opts: { pending: boolean }): Promise<void> {
    const refusal = quotaRefusal(await this.usage(ownerId, opts), incomingBytes);
    if (refusal) throw new TooLargeError(refusal);
  }
}
