import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { ConflictError } from '../common/domain-error.js';
import type { StorageAdapter } from '../storage/storage.adapter.js';
import type { DerivedMedia } from './library-contracts.js';
import type { MediaFileRepository } from './media-file.repository.js';
import { UPLOAD_MESSAGES } from './upload-rules.js';

// How many files a workspace's deletion deletes (rows and stored objects) in one transaction.
export const WORKSPACE_DELETE_BATCH = 50;

// 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT).
export function isForeignKeyViolation(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return e instanceof ForeignKeyConstraintViolationException || code === '23503' || code === '23001';
}

// Deletes every file of a workspace (a company being deleted), what was made from them (a video's
// encodings, through `derived`, as deleting one video does) and all their stored objects, a batch
// at a time. A batch's rows are deleted in a transaction that commits only once their stored
// objects are gone: a failure midway leaves the rows of what is left, which a second run deletes,
// and never a stored object that nothing points at. The workspace's EyeMails go first: a video
// one still uses is refused (409), as for a single deletion. The number of files deleted.
export async function deleteWorkspaceFiles(repo: MediaFileRepository, storage: StorageAdapter, derived: DerivedMedia | null, workspaceId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await repo.firstInWorkspace(workspaceId, WORKSPACE_DELETE_BATCH);
    if (!batch.length) return deleted;
    try {
      await repo.transactional(async (em) => {
        const keys: string[] = [];
        for (const f of batch) {
          const derivedKeys = f.kind === 'video' && derived ? await derived.lockKeysMadeFrom(em, f.id) : [];
          // A row deleted meanwhile had its objects deleted by whoever did it: deleting them again is harmless.
          await repo.deleteInWorkspace(em, workspaceId, f.id);
          keys.push(...[f.storageKey, f.posterKey, ...derivedKeys].filter((k): k is string => !!k));
        }
        await Promise.all(keys.map((k) => storage.delete(k)));
      });
    } catch (e) {
      if (isForeignKeyViolation(e)) throw new ConflictError(UPLOAD_MESSAGES.videoInUse);
      throw e;
    }
    deleted += batch.length;
  }
}
