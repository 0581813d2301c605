import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { EncodingService } from './encoding.service.js';
import { FfmpegAdapter } from './ffmpeg.adapter.js';

// The email encoding pipeline. Other modules (the videos API, the queue's encode job) use
// EncodingService; the files module cuts upload posters through the one FfmpegAdapter.
@Module({
  imports: [ImagesModule],
  providers: [FfmpegAdapter, EncodingService],
  exports: [EncodingService, FfmpegAdapter],
})
export class EncodingModule {}
