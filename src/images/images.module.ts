import { Module } from '@nestjs/common';
import { ImageAdapter } from './image.adapter.js';

// The image adapter (sharp), provided once for the files and encoding modules.
@Module({
  providers: [ImageAdapter],
  exports: [ImageAdapter],
})
export class ImagesModule {}
