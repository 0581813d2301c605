import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import type { EngagementReport as E } from '../../shared/report-types.js';

// GET reports/{snippetId}/engagement: the video engagement figures as /api/docs describes them,
// each part tied to the shared EngagementReport the service returns (sameShape,
// common/response-shape.ts). Rates are 0..1, null when there is nothing to divide by; their
// definitions are REPORT_METRICS (shared/metrics/report-metrics.ts).

class CountDto {
  @ApiProperty() total!: number;
  @ApiProperty({ description: 'distinct people' }) unique!: number;
}
sameShape<CountDto, E['opens']>(true);
sameShape<CountDto, E['visits']>(true);

class PlayCountsDto {
  @ApiProperty({ description: 'plays of 2 s or more' }) total!: number;
  @ApiProperty({ description: 'distinct people who played' }) uniqueViewers!: number;
  @ApiProperty() soundOn!: number;
  @ApiProperty({ description: 'plays watched 90 % or more' }) complete!: number;
}
sameShape<PlayCountsDto, E['plays']>(true);

class DestinationClicksDto {
  @ApiProperty({ type: String, nullable: true, description: 'landing-page, web-view, video-link or button' }) destination!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "a button's label" }) label!: string | null;
  @ApiProperty() clicks!: number;
  @ApiProperty() uniqueClickers!: number;
}
sameShape<DestinationClicksDto, E['clicks']['byDestination'][number]>(true);

class ClicksDto {
  @ApiProperty() total!: number;
  @ApiProperty() unique!: number;
  @ApiProperty({ type: DestinationClicksDto, isArray: true, description: 'most first' }) byDestination!: DestinationClicksDto[];
}
sameShape<ClicksDto, E['clicks']>(true);

class FunnelStepDto {
  @ApiProperty({ enum: ['opens', 'visits', 'plays', 'clicks'] }) step!: 'opens' | 'visits' | 'plays' | 'clicks';
  @ApiProperty({ description: 'distinct people' }) people!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'people / the step before' }) rateFromPrevious!: number | null;
}
sameShape<FunnelStepDto, E['funnel'][number]>(true);

class GraphSecondDto {
  @ApiProperty() second!: number;
  @ApiProperty({ description: 'plays still watching' }) watching!: number;
  @ApiProperty({ description: 'their share of the plays, 0..1' }) share!: number;
  @ApiProperty({ description: 'extra times played' }) rewatches!: number;
}
sameShape<GraphSecondDto, E['graph']['seconds'][number]>(true);

class GraphDto {
  @ApiProperty() lengthSecs!: number;
  @ApiProperty() plays!: number;
  @ApiProperty({ type: GraphSecondDto, isArray: true }) seconds!: GraphSecondDto[];
}
sameShape<GraphDto, E['graph']>(true);

class TimelineBucketDto {
  @ApiProperty({ example: '2026-03-01T00:00', description: "local time in the report's time zone" }) start!: string;
  @ApiProperty() totalViews!: number;
  @ApiProperty() totalClicks!: number;
  @ApiProperty() opens!: number;
  @ApiProperty() visits!: number;
  @ApiProperty() plays!: number;
  @ApiProperty() clicks!: number;
}
sameShape<TimelineBucketDto, E['timeline']['buckets'][number]>(true);

class EngagementTimelineDto {
  @ApiProperty({ enum: ['hour', 'day'], description: 'hourly up to 2 days, daily beyond' }) grain!: 'hour' | 'day';
  @ApiProperty() from!: string;
  @ApiProperty() till!: string;
  @ApiProperty({ type: TimelineBucketDto, isArray: true }) buckets!: TimelineBucketDto[];
}
sameShape<EngagementTimelineDto, E['timeline']>(true);

export class EngagementReportDto {
  @ApiProperty({ format: 'uuid' }) snippetId!: string;
  @ApiProperty({ example: 'America/Los_Angeles' }) timeZone!: string;
  @ApiProperty() today!: string;
  @ApiProperty({ type: CountDto }) opens!: CountDto;
  @ApiProperty({ type: CountDto }) visits!: CountDto;
  @ApiProperty({ type: PlayCountsDto }) plays!: PlayCountsDto;
  @ApiProperty({ type: Number, nullable: true }) playRate!: number | null;
  @ApiProperty({ type: Number, nullable: true }) soundOnRate!: number | null;
  @ApiProperty({ type: Number, nullable: true }) completionRate!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'the average share watched per play' }) engagement!: number | null;
  @ApiProperty({ description: 'distinct seconds watched, added up over the plays' }) timePlayedSecs!: number;
  @ApiProperty({ type: ClicksDto }) clicks!: ClicksDto;
  @ApiProperty({ type: Number, nullable: true }) clickThroughRate!: number | null;
  @ApiProperty({ type: FunnelStepDto, isArray: true }) funnel!: FunnelStepDto[];
  @ApiProperty({ type: GraphDto }) graph!: GraphDto;
  @ApiProperty({ type: EngagementTimelineDto }) timeline!: EngagementTimelineDto;
}
sameShape<EngagementReportDto, E>(true);
