import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EncodingModule } from '../encoding/encoding.module.js';
import { FilesModule } from '../files/files.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { EncodeVideoJob } from './encode-video.job.js';
import { SweepOutputsJob } from './sweep-outputs.job.js';
import { VideoEncoding } from './video-encoding.entity.js';
import { VideosController } from './videos.controller.js';
import { VideosService } from './videos.service.js';
import { VideoEncodingRepository } from './video-encoding.repository.js';

// Email encodings of uploaded videos: the API, the video_encoding rows, the encode-video job
// and the periodic sweep of outputs stored but never recorded (both registered on the queue here,
// so `npm run worker` runs them too). Exports VideosService.
@Module({
  imports: [MikroOrmModule.forFeature([VideoEncoding]), FilesModule, EncodingModule, QueueModule, StorageModule],
  controllers: [VideosController],
  providers: [VideoEncodingRepository, VideosService, EncodeVideoJob, SweepOutputsJob],
  exports: [VideosService],
})
export class VideosModule {}
