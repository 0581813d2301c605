import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../common/response-shape.js';
import type { EncodingState, EncodingView } from '../shared/api-types.js';
import type { VideoOverlay } from '../shared/snippet-rules.js';
import { ENCODING_STATES } from './video-encoding.entity.js';
import { OVERLAYS } from './encode-rules.js';

// Response shape, for the OpenAPI document, tied to the EncodingView of src/shared the service
// returns (sameShape).
export class EncodingViewDto {
  @ApiProperty({ format: 'uuid' }) encodingId: string;
  @ApiProperty({ format: 'uuid', description: 'The uploaded video (fileId)' }) videoId: string;
  @ApiProperty({ enum: OVERLAYS }) overlay: VideoOverlay;
  @ApiProperty({ minimum: 600, maximum: 800 }) width: number;
  @ApiProperty({ enum: ENCODING_STATES }) state: EncodingState;
  @ApiProperty({ minimum: 0, maximum: 100, description: 'Real progress of the running encode' }) progress: number;
  @ApiProperty({ nullable: true, type: String, description: 'Why it failed, in words for the user' }) error: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The MP4 with sound, played by the web view (completed only)' }) videoUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The email MP4: the same picture without sound (completed only)' }) emailVideoUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Poster JPEG (completed only)' }) thumbnailUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Animated GIF fallback (completed only)' }) gifUrl: string | null;
  @ApiProperty({ nullable: true, type: Number }) outWidth: number | null;
  @ApiProperty({ nullable: true, type: Number }) outHeight: number | null;
  @ApiProperty({ nullable: true, type: Number }) durationSecs: number | null;
  @ApiProperty({ nullable: true, type: Boolean }) hasAudio: boolean | null;
}
sameShape<EncodingViewDto, EncodingView>(true);
