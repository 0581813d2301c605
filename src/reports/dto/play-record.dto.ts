import { ApiProperty } from '@nestjs/swagger';
import { MACHINE_REASONS } from '../../engagement/engagement-kinds.js';
import { sameShape } from '../../common/response-shape.js';
import { ReportViewerDto } from './report.dto.js';
import type { PlayRecord } from '../../shared/report-types.js';

// GET reports/{snippetId}/plays: one play of the viewer page, as /api/docs describes it, tied to
// the shared PlayRecord the service returns (sameShape, common/response-shape.ts).
export class PlayRecordDto extends ReportViewerDto {
  @ApiProperty({ format: 'uuid' }) playId!: string;
  @ApiProperty({ example: '2026-03-01', description: "in the owner's time zone" }) date!: string;
  @ApiProperty({ example: '14:05:09', description: "in the owner's time zone" }) time!: string;
  @ApiProperty({ example: '2026-03-01T22:05:09.000Z' }) startedAtUtc!: string;
  @ApiProperty({ type: String, nullable: true, enum: [...MACHINE_REASONS] }) machineReason!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'seconds; null when neither the server nor the browser knew it' }) videoDuration!: number | null;
  @ApiProperty({ description: 'distinct seconds watched (a rewatch counts once)' }) watchedSecs!: number;
  @ApiProperty({ description: 'watchedSecs / videoDuration, 0..1' }) shareWatched!: number;
  @ApiProperty({ description: 'at least 90 % watched' }) completed!: boolean;
  @ApiProperty() soundOn!: boolean;
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }, description: 'the seconds watched: sorted, disjoint [start, end] ranges' })
  ranges!: [number, number][];
  @ApiProperty({ type: Number, isArray: true, description: 'the heatmap strip: per second of the video, how many times it played (0 skipped, 1 watched, 2 or more rewatched)' })
  seconds!: number[];
}
sameShape<PlayRecordDto, PlayRecord>(true);
