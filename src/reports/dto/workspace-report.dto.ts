import { ApiProperty } from '@nestjs/swagger';
import { sameShape } from '../../common/response-shape.js';
import { OptionalField } from '../../common/validation/rule.decorator.js';
import type { WorkspaceReport, WorkspaceReportCreator, WorkspaceReportEyeMail, WorkspaceReportFigures } from '../../shared/workspace-report-types.js';
import { reportQueryError, type ReportQueryField } from '../report-filter.js';

// GET reports/workspace: its query (the dates and the machine switch of an EyeMail's report, read
// and checked by the same readers, report-filter.ts) and its answer, tied to the shared type
// (sameShape, common/response-shape.ts).

const field = (name: ReportQueryField, description: string, extra: { enum?: string[] } = {}) =>
  OptionalField({ type: String, description, ...extra }, (_value, input) => reportQueryError(name, input));
type Sent = string | string[];

export class WorkspaceReportQueryDto {
  @field('dateFrom', 'YYYY-MM-DD, in your profile time zone') dateFrom?: Sent;
  @field('dateTill', 'YYYY-MM-DD (inclusive), in your profile time zone') dateTill?: Sent;
  @field('includeMachine', 'include machine events (privacy prefetch, link scanners, bots) and test sends; default false', { enum: ['true', 'false'] }) includeMachine?: Sent;
  @field('tz', "IANA time zone (the browser's) for the dates when your profile names none; 400 when not a zone") tz?: Sent;
}

export class WorkspaceReportFiguresDto {
  @ApiProperty({ description: 'Total Views = opens + playsWithoutClick, added up over the EyeMails' }) totalViews!: number;
  @ApiProperty({ description: "each EyeMail's unique views added up: a person who viewed two EyeMails counts once for each" }) uniqueViews!: number;
  @ApiProperty() totalClicks!: number;
  @ApiProperty() opens!: number;
  @ApiProperty({ description: 'plays on the viewer page no click led to, of more than 1 s' }) playsWithoutClick!: number;
  @ApiProperty({ description: 'every click, whatever its destination' }) clicks!: number;
  @ApiProperty({ description: "seconds, one decimal: every EyeMail's people's capped seconds added up, over those people" }) averageViewTime!: number;
  @ApiProperty({ description: 'machine events of the dates' }) machineEvents!: number;
}
sameShape<WorkspaceReportFiguresDto, WorkspaceReportFigures>(true);

export class WorkspaceReportEyeMailDto extends WorkspaceReportFiguresDto {
  @ApiProperty() snippetId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'active; a deactivated EyeMail\'s hits still count' }) status!: boolean;
  @ApiProperty() creatorId!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) creatorName!: string;
}
sameShape<WorkspaceReportEyeMailDto, WorkspaceReportEyeMail>(true);

export class WorkspaceReportCreatorDto extends WorkspaceReportFiguresDto {
  @ApiProperty() creatorId!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) creatorName!: string;
  @ApiProperty({ description: 'EyeMails of the workspace they created, those without hits included' }) eyeMails!: number;
}
sameShape<WorkspaceReportCreatorDto, WorkspaceReportCreator>(true);

export class WorkspaceReportDto {
  @ApiProperty() workspaceId!: string;
  @ApiProperty({ example: 'America/Los_Angeles' }) timeZone!: string;
  @ApiProperty() today!: string;
  @ApiProperty({ type: String, nullable: true }) dateFrom!: string | null;
  @ApiProperty({ type: String, nullable: true }) dateTill!: string | null;
  @ApiProperty() includeMachine!: boolean;
  @ApiProperty({ description: 'EyeMails of the workspace, active or not' }) eyeMails!: number;
  @ApiProperty({ type: WorkspaceReportFiguresDto }) totals!: WorkspaceReportFiguresDto;
  @ApiProperty({ description: 'machine events left out (0 with includeMachine)' }) machineExcluded!: number;
  @ApiProperty({ type: WorkspaceReportEyeMailDto, isArray: true, description: 'at most 10 EyeMails with hits, most opens first' }) topEyeMails!: WorkspaceReportEyeMailDto[];
  @ApiProperty({ type: WorkspaceReportCreatorDto, isArray: true, description: "every creator of the workspace's EyeMails, most opens first" }) creators!: WorkspaceReportCreatorDto[];
  @ApiProperty({ description: 'the latest hits were still being loaded: refresh shortly' }) catchingUp!: boolean;
}
sameShape<WorkspaceReportDto, WorkspaceReport>(true);
