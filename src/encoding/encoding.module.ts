import { Module } from '@nestjs/common';
import { EncodingService } from './encoding.service.js';
import { FfmpegAdapter } from './ffmpeg.adapter.js';

// The email encoding pipeline. Other modules (the videos API, the queue's encode job) use
// EncodingService; nothing else talks to ffmpeg.
@Module({
  providers: [FfmpegAdapter, EncodingService],
  exports: [EncodingService],
})
export class EncodingModule {}
