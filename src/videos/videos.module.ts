import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EncodingModule } from '../encoding/encoding.module.js';
import { FilesModule } from '../files/files.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { EncodeVideoJob } from './encode-video.job.js';
import { VideoEncoding } from './video-encoding.entity.js';
import { VideosController } from './videos.controller.js';
import { VideosService } from './videos.service.js';

// Email encodings of uploaded videos: the API, the video_encoding rows and the encode-video job
// (registered on the queue here, so `npm run worker` runs it too). Exports VideosService.
@Module({
  imports: [MikroOrmModule.forFeature([VideoEncoding]), FilesModule, EncodingModule, QueueModule, StorageModule],
  controllers: [VideosController],
  providers: [VideosService, EncodeVideoJob],
  exports: [VideosService],
})
export class VideosModule {}
