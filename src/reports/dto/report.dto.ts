import { DESTINATION_KINDS } from '../../shared/click-rules.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MACHINE_REASONS } from '../../engagement/engagement-kinds.js';
import { sameShape } from '../../common/response-shape.js';
import type { DestinationKind } from '../../shared/click-rules.js';
import type { ReportActivity, ReportBreakdown, ReportCountry, ReportFeed, ReportRecord, ReportSummary, ReportViewer, TimelineDay } from '../../shared/report-types.js';

// OpenAPI descriptions of the report calls' answers (the query: report-query.dto.ts), each tied to
// the type of src/shared/report-types.ts the service returns (sameShape, common/response-shape.ts).

// Who a record or a play is, from where and on what (shared ReportViewer).
export class ReportViewerDto {
  @ApiProperty({ type: String, nullable: true }) receiver!: string | null;
  @ApiProperty({ type: String, nullable: true }) ipAddress!: string | null;
  @ApiProperty({ type: String, nullable: true }) city!: string | null;
  @ApiProperty({ type: String, nullable: true }) state!: string | null;
  @ApiProperty({ type: String, nullable: true }) country!: string | null;
  @ApiProperty({ type: String, nullable: true }) countryCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) device!: string | null;
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true }) client!: string | null;
}
sameShape<ReportViewerDto, ReportViewer>(true);

export class ReportRecordDto extends ReportViewerDto {
  @ApiProperty({ description: 'id of the engagement (a bigint as a string)' }) engagementId!: string;
  @ApiProperty({ enum: ['view', 'click'] satisfies ReportActivity[] }) activity!: ReportActivity;
  @ApiProperty({ description: 'the first counted view of this receiver (or IP when there is no receiver)' }) isUnique!: boolean;
  @ApiProperty({ description: 'false for a web-view click or play that did not play more than 1 s (listed, not in the totals)' }) counted!: boolean;
  @ApiProperty({ example: '2026-03-01', description: 'in the owner\'s time zone' }) date!: string;
  @ApiProperty({ example: '14:05:09', description: 'in the owner\'s time zone' }) time!: string;
  @ApiProperty({ example: '2026-03-01T22:05:09.000Z' }) occurredAtUtc!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'click: seconds played after it, capped at the video length' }) durationSecs!: number | null;
  @ApiProperty({ type: Number, nullable: true }) videoDuration!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'click: its http(s) target; null = the web view' }) target!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: [...MACHINE_REASONS] }) machineReason!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: DESTINATION_KINDS, description: 'click: where it went; null for views' }) destination!: DestinationKind | null;
  @ApiProperty({ type: String, nullable: true, description: 'click on a button: its label' }) destinationLabel!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "play or click: of the viewer's plays it names, the largest share of the video watched (0..1); null when it names none" })
  shareWatched!: number | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'play or click: whether the sound was on in any of those plays; null when it names none' }) soundOn!: boolean | null;
}
sameShape<ReportRecordDto, ReportRecord>(true);

class TimelineDayDto {
  @ApiProperty() date!: string;
  @ApiProperty() views!: number;
  @ApiProperty() clicks!: number;
}
sameShape<TimelineDayDto, TimelineDay>(true);

class BreakdownDto {
  @ApiProperty() uniqueViews!: number;
  @ApiProperty() repeatViews!: number;
  @ApiProperty() clicks!: number;
  @ApiProperty({ description: 'floored whole percent' }) uniqueViewsPercent!: number;
  @ApiProperty() repeatViewsPercent!: number;
  @ApiProperty() clicksPercent!: number;
}
sameShape<BreakdownDto, ReportBreakdown>(true);

export class ReportSummaryDto {
  @ApiProperty() snippetId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: 'America/Los_Angeles' }) timeZone!: string;
  @ApiProperty() today!: string;
  @ApiProperty() totalViews!: number;
  @ApiProperty() uniqueViews!: number;
  @ApiProperty() totalClicks!: number;
  @ApiProperty({ description: 'Total Views = opens + playsWithoutClick' }) opens!: number;
  @ApiProperty({ description: 'plays on the viewer page no click led to, of more than 1 s' }) playsWithoutClick!: number;
  @ApiProperty({ description: 'every click, whatever its destination (Total Clicks leaves out web-view clicks with 1 s or less played)' }) clicks!: number;
  @ApiProperty({ description: 'seconds, one decimal: per-receiver play time capped at the video length, averaged over receivers' }) averageViewTime!: number;
  @ApiProperty() weekStart!: string;
  @ApiProperty() weekEnding!: string;
  @ApiProperty({ type: TimelineDayDto, isArray: true }) timeline!: TimelineDayDto[];
  @ApiProperty({ type: BreakdownDto }) breakdown!: BreakdownDto;
  @ApiProperty({ description: 'machine events matching the filters' }) machineEvents!: number;
  @ApiProperty({ description: 'of those, left out (0 with includeMachine)' }) machineExcluded!: number;
  @ApiProperty() includeMachine!: boolean;
  @ApiProperty({ description: 'opens, clicks, plays and visits of this EyeMail answered but not counted yet (a burst still being loaded); 0 when every answered hit is counted' })
  pendingEvents!: number;
}
sameShape<ReportSummaryDto, ReportSummary>(true);

class FeedSnippetDto {
  @ApiProperty() snippetId!: string;
  @ApiProperty() title!: string;
  @ApiProperty() status!: boolean;
}
sameShape<FeedSnippetDto, ReportFeed['snippet']>(true);

class FeedTotalsDto {
  @ApiProperty() totalViews!: number;
  @ApiProperty() uniqueViews!: number;
  @ApiProperty() totalClicks!: number;
  @ApiProperty() opens!: number;
  @ApiProperty() playsWithoutClick!: number;
  @ApiProperty() clicks!: number;
  @ApiProperty() averageViewTime!: number;
  @ApiProperty() machineExcluded!: number;
}
sameShape<FeedTotalsDto, ReportFeed['totals']>(true);

export class ReportFeedDto {
  @ApiProperty({ type: FeedSnippetDto }) snippet!: FeedSnippetDto;
  @ApiProperty() generatedAtUtc!: string;
  @ApiProperty() timeZone!: string;
  @ApiProperty({ type: FeedTotalsDto }) totals!: FeedTotalsDto;
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
  @ApiProperty() totalCount!: number;
  @ApiProperty({ type: ReportRecordDto, isArray: true }) records!: ReportRecordDto[];
}
sameShape<ReportFeedDto, ReportFeed>(true);

export class ReportCountryDto {
  @ApiProperty() countryName!: string;
  @ApiProperty({ example: 'US' }) countryCode!: string;
}
sameShape<ReportCountryDto, ReportCountry>(true);

export class FilterMapDto {
  @ApiPropertyOptional({ example: 'Windows', description: 'key: the value the *csv filter takes; value: its label' }) key?: string;
}
