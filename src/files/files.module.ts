import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EncodingModule } from '../encoding/encoding.module.js';
import { FfmpegAdapter } from '../encoding/ffmpeg.adapter.js';
import { StorageModule } from '../storage/storage.module.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { ImageAdapter } from './image.adapter.js';
import { MediaFile } from './media-file.entity.js';
import { ProfilePictureController } from './profile-picture.controller.js';

// A 300 MB video on a slow uplink takes longer than Node's default 5 minutes for a whole request.
export const UPLOAD_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

// Uploads (videos, images, GIFs), the user's file lists and deletion, and the profile picture.
// Exports FilesService: other modules use it, never the media_file table.
@Module({
  imports: [MikroOrmModule.forFeature([MediaFile]), StorageModule, EncodingModule, AccountsModule],
  controllers: [FilesController, ProfilePictureController],
  // The upload poster is one ffmpeg call through the same adapter the encoder uses.
  providers: [FilesService, ImageAdapter, FfmpegAdapter],
  exports: [FilesService],
})
export class FilesModule implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer?.() as Server | undefined;
    if (server && server.requestTimeout > 0 && server.requestTimeout < UPLOAD_REQUEST_TIMEOUT_MS) server.requestTimeout = UPLOAD_REQUEST_TIMEOUT_MS;
  }
}
