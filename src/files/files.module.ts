import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EncodingModule } from '../encoding/encoding.module.js';
import { ImagesModule } from '../images/images.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { FileUploadService } from './file-upload.service.js';
import { MediaFileRepository } from './media-file.repository.js';
import { MediaFile } from './media-file.entity.js';
import { ResumableUploadRepository } from './resumable-upload.repository.js';
import { ResumableUploadService } from './resumable-upload.service.js';
import { ResumableUploadsController } from './resumable-uploads.controller.js';
import { StorageQuotaService } from './storage-quota.service.js';

// A 300 MB video on a slow uplink takes longer than Node's default 5 minutes for a whole request.
export const UPLOAD_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

// Uploads (videos, images, GIFs), the user's file lists and deletion. Exports FilesService:
// other modules use it, never the media_file table.
@Module({
  imports: [MikroOrmModule.forFeature([MediaFile]), StorageModule, EncodingModule, ImagesModule],
  // The tus endpoint first: its paths are under files/.
  controllers: [ResumableUploadsController, FilesController],
  // The upload poster is one ffmpeg call through the encoding module's FfmpegAdapter.
  providers: [MediaFileRepository, FilesService, FileUploadService, ResumableUploadRepository, ResumableUploadService, StorageQuotaService],
  exports: [FilesService],
})
export class FilesModule implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer?.() as Server | undefined;
    if (server && server.requestTimeout > 0 && server.requestTimeout < UPLOAD_REQUEST_TIMEOUT_MS) server.requestTimeout = UPLOAD_REQUEST_TIMEOUT_MS;
  }
}
