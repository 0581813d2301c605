import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InvalidInputError } from '../common/domain-error.js';
import { FilesService } from '../files/files.service.js';
import type { ProfilePicture } from '../shared/account-types.js';
import { isUuid } from '../shared/uuid.js';
import { UsersService } from './users.service.js';

const CHOOSE_PICTURE = 'Please choose a picture to upload.';

// The profile picture: one of the user's uploaded pictures (through the files module). A picture
// uploaded for the profile is deleted when it is replaced or removed, and the profile never
// points at a deleted picture.
@Injectable()
export class ProfilePictureService implements OnModuleInit {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly files: FilesService,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.files.registerDeletionListener((ownerId, file) => this.users.clearProfilePictureIf(ownerId, file.fileId));
  }

  private async currentUrl(userId: string): Promise<string | null> {
    return (await this.users.findView(userId))?.profilePictureUrl ?? null;
  }

  // PUT users/profile-picture: one of the caller's uploaded pictures becomes the profile picture;
  // the picture it replaces (uploaded for the profile) is deleted.
  async set(userId: string, fileId: unknown): Promise<ProfilePicture> {
    if (typeof fileId !== 'string' || fileId.trim() === '') throw new InvalidInputError(CHOOSE_PICTURE, { profilePicture: CHOOSE_PICTURE });
    if (!isUuid(fileId.trim())) throw new InvalidInputError('profilePicture must be the id of an uploaded picture', { profilePicture: 'Invalid Field' });
    const file = await this.files.getOwned(userId, fileId.trim(), ['profile', 'image']);
    const before = await this.currentUrl(userId);
    await this.users.setProfilePicture(userId, { fileId: file.fileId, url: file.url });
    if (before && before !== file.url) await this.removeProfileUpload(userId, before);
    return { profilePictureUrl: file.url };
  }

  async remove(userId: string): Promise<void> {
    const before = await this.currentUrl(userId);
    await this.users.setProfilePicture(userId, null);
    if (before) await this.removeProfileUpload(userId, before);
  }

  // Only pictures uploaded for the profile go; a library image chosen as the picture stays.
  private async removeProfileUpload(userId: string, url: string): Promise<void> {
    for (const item of await this.files.list(userId, 'profile')) {
      if (item.file.url !== url) continue;
      await this.files.delete(userId, item.file.fileId).catch((e: unknown) => this.logger.warn(`Could not delete a replaced profile picture: ${String(e)}`));
    }
  }
}
