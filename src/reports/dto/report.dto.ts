import { DESTINATION_KINDS } from '../../shared/click-rules.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../report-filter.js';
import { MACHINE_REASONS } from '../../engagement/engagement-kinds.js';

// OpenAPI descriptions of the report calls (responses and the shared filter query).

// The filter query every report call takes (spec 02 section 7).
export function ReportFilterQuery(opts: { paging?: boolean; week?: boolean } = {}) {
  const q = [
    ApiQuery({ name: 'dateFrom', required: false, description: 'YYYY-MM-DD, in your profile time zone' }),
    ApiQuery({ name: 'dateTill', required: false, description: 'YYYY-MM-DD (inclusive), in your profile time zone' }),
    ApiQuery({ name: 'timeFrom', required: false, description: 'HH:mm, time of day in your profile time zone' }),
    ApiQuery({ name: 'timeTill', required: false, description: 'HH:mm (inclusive); before timeFrom means a window across midnight' }),
    ApiQuery({ name: 'clientscsv', required: false, description: 'comma list of keys of GET reports/filter/clients' }),
    ApiQuery({ name: 'platformscsv', required: false, description: 'comma list of keys of GET reports/filter/platforms' }),
    ApiQuery({ name: 'devicescsv', required: false, description: 'comma list of keys of GET reports/filter/devices' }),
    ApiQuery({ name: 'country', required: false, description: 'comma list of ISO 3166-1 alpha-2 codes' }),
    ApiQuery({ name: 'ipAddress', required: false, description: 'one IPv4 or IPv6 address' }),
    ApiQuery({ name: 'receiver', required: false, description: 'part of the receiver, any case' }),
    ApiQuery({ name: 'includeMachine', required: false, enum: ['true', 'false'], description: 'include machine events (privacy prefetch, link scanners, bots); default false' }),
    ApiQuery({ name: 'tz', required: false, description: "IANA time zone (the browser's) for dates, times and the timeline when your profile names none; 400 when not a zone" }),
  ];
  if (opts.paging) {
    q.push(
      ApiQuery({ name: 'page', required: false, description: 'from 1; default 1' }),
      ApiQuery({ name: 'size', required: false, description: `records a page; default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}` }),
    );
  }
  if (opts.week) q.push(ApiQuery({ name: 'weekEnding', required: false, description: 'YYYY-MM-DD, last day of the 7-day timeline; default dateTill, else today' }));
  return applyDecorators(...q);
}

export class ReportRecordDto {
  @ApiProperty({ description: 'id of the engagement (a bigint as a string)' }) engagementId!: string;
  @ApiProperty({ enum: ['view', 'click'] }) activity!: string;
  @ApiProperty({ description: 'the first counted view of this receiver (or IP when there is no receiver)' }) isUnique!: boolean;
  @ApiProperty({ description: 'false for a web-view click or play that did not play more than 1 s (listed, not in the totals)' }) counted!: boolean;
  @ApiProperty({ example: '2026-03-01', description: 'in the owner\'s time zone' }) date!: string;
  @ApiProperty({ example: '14:05:09', description: 'in the owner\'s time zone' }) time!: string;
  @ApiProperty({ example: '2026-03-01T22:05:09.000Z' }) occurredAtUtc!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'click: seconds played after it, capped at the video length' }) durationSecs!: number | null;
  @ApiProperty({ type: Number, nullable: true }) videoDuration!: number | null;
  @ApiProperty({ type: String, nullable: true }) receiver!: string | null;
  @ApiProperty({ type: String, nullable: true }) ipAddress!: string | null;
  @ApiProperty({ type: String, nullable: true }) city!: string | null;
  @ApiProperty({ type: String, nullable: true }) state!: string | null;
  @ApiProperty({ type: String, nullable: true }) country!: string | null;
  @ApiProperty({ type: String, nullable: true }) countryCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) device!: string | null;
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true }) client!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'click: its http(s) target; null = the web view' }) target!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: [...MACHINE_REASONS] }) machineReason!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: DESTINATION_KINDS, description: 'click: where it went; null for views' }) destination!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'click on a button: its label' }) destinationLabel!: string | null;
}

class TimelineDayDto {
  @ApiProperty() date!: string;
  @ApiProperty() views!: number;
  @ApiProperty() clicks!: number;
}

class BreakdownDto {
  @ApiProperty() uniqueViews!: number;
  @ApiProperty() repeatViews!: number;
  @ApiProperty() clicks!: number;
  @ApiProperty({ description: 'floored whole percent' }) uniqueViewsPercent!: number;
  @ApiProperty() repeatViewsPercent!: number;
  @ApiProperty() clicksPercent!: number;
}

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

class FeedSnippetDto {
  @ApiProperty() snippetId!: string;
  @ApiProperty() title!: string;
  @ApiProperty() status!: boolean;
}

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

export class ReportCountryDto {
  @ApiProperty() countryName!: string;
  @ApiProperty({ example: 'US' }) countryCode!: string;
}

export class FilterMapDto {
  @ApiPropertyOptional({ example: 'Windows', description: 'key: the value the *csv filter takes; value: its label' }) key?: string;
}
