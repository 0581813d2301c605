import { pipeline } from 'node:stream/promises';
import { Controller, Get, Logger, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { FeedLinkAccess, TokenScope } from '../common/auth/api-access.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { AccountScope, WorkspaceScope } from '../common/auth/workspace-access.js';
import { SNIPPET_MESSAGES } from '../shared/snippet-rules.js';
import { ReportService } from './report.service.js';
import { ReportCountryDto, ReportFeedDto, ReportRecordDto, ReportSummaryDto } from './dto/report.dto.js';
import { PlayRecordDto } from './dto/play-record.dto.js';
import { EngagementReportDto } from './dto/engagement-report.dto.js';
import { WorkspaceReportDto, WorkspaceReportQueryDto } from './dto/workspace-report.dto.js';
import { WorkspaceReportService } from './workspace-report.service.js';
import { PagedReportQueryDto, ReportQuery, ReportQueryDto, WeekReportQueryDto } from './dto/report-query.dto.js';

const NOT_YOURS = 'another workspace\'s EyeMail is 404, like a missing one';
// A feed link's key (api-tokens module), for callers without a session or token.
const FEED_KEY = ApiQuery({ name: 'key', required: false, description: "The key of the EyeMail's feed link (POST feed-links/{snippetId}); opens this route without a session" });
// A report names one of the workspace's snippets: anything else is that snippet's 'not found'.
const SNIPPET_NOT_FOUND = SNIPPET_MESSAGES.notFound;

// The report API (spec 02 section 7 "Reports and feeds"): the engagement records, summary, CSV
// and feeds of the workspace's EyeMails, which every member reads (@WorkspaceScope('viewer')),
// and the filter lists, reference data the same in every workspace (@AccountScope, like the
// countries and time zones). The filter routes come first so "filter" is never read as a
// snippet id.
// Every route here also answers an API token of scope reports:read (Authorization: Bearer); the
// feed and CSV routes also a feed link's ?key= (api-tokens module).
@ApiTags('reports')
@ApiBearerAuth()
@TokenScope('reports:read')
@Controller('reports')
export class ReportsController {
  private readonly logger = new Logger('Reports');

  constructor(
    private readonly reports: ReportService,
    private readonly workspaceReports: WorkspaceReportService,
  ) {}

  @Get('filter/platforms')
  @AccountScope()
  @ApiOperation({ summary: 'Platforms (operating systems) for platformscsv: { key: label }' })
  platforms() {
    return this.reports.filterMap('platforms');
  }

  @Get('filter/devices')
  @AccountScope()
  @ApiOperation({ summary: 'Device types for devicescsv: { key: label }' })
  devices() {
    return this.reports.filterMap('devices');
  }

  @Get('filter/clients')
  @AccountScope()
  @ApiOperation({ summary: 'Email clients and browsers for clientscsv: { key: label }' })
  clients() {
    return this.reports.filterMap('clients');
  }

  @Get('filter/countries')
  @AccountScope()
  @ApiOperation({ summary: 'Countries for the country filter' })
  @ApiOkResponse({ type: ReportCountryDto, isArray: true })
  countries() {
    return this.reports.countries();
  }

  // Before ':snippetId', so "workspace" is never read as a snippet id.
  @Get('workspace')
  @WorkspaceScope('viewer')
  @ApiOperation({
    summary:
      "The company-wide report: every EyeMail of the workspace the request acts in, its figures added up (the same metrics, dates and machine switch as an EyeMail's summary), the 10 EyeMails with the most opens with their own, and each member who created EyeMails with theirs",
  })
  @ApiOkResponse({ type: WorkspaceReportDto })
  workspace(@CurrentUser() user: AuthUser, @ReportQuery() query: WorkspaceReportQueryDto) {
    return this.workspaceReports.report(user, query);
  }

  @Get(':snippetId')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: `Engagement records of the workspace's EyeMail, newest first; the total in X-Total-Count (${NOT_YOURS})` })
  @ApiOkResponse({ type: ReportRecordDto, isArray: true })
  async records(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: PagedReportQueryDto, @Res({ passthrough: true }) res: Response) {
    const { records, total } = await this.reports.records(user, id, query);
    res.setHeader('X-Total-Count', String(total));
    return records;
  }

  @Get(':snippetId/engagement')
  @WorkspaceScope('viewer')
  @ApiOperation({
    summary: `Video engagement of the workspace's EyeMail: opens, visits, plays (2 s or more), play rate, sound-on rate, time played, engagement (average share watched), completion rate, clicks per destination, click-through rate, the funnel, the per-second engagement graph and the timeline (Total Views, Total Clicks, opens, visits, plays and clicks over the dates, else the 7 days ending weekEnding, else the last 7 days; hourly up to 2 days, daily beyond, in your time zone) (${NOT_YOURS})`,
  })
  @ApiOkResponse({ type: EngagementReportDto })
  engagement(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: WeekReportQueryDto) {
    return this.reports.engagement(user, id, query);
  }

  @Get(':snippetId/plays')
  @WorkspaceScope('viewer')
  @ApiOperation({
    summary: `Plays of the workspace's EyeMail on the viewer page (2 s or more), newest first, each with its seconds watched, share watched, sound on and heatmap strip; the total in X-Total-Count (${NOT_YOURS})`,
  })
  @ApiOkResponse({ type: PlayRecordDto, isArray: true })
  async plays(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: PagedReportQueryDto, @Res({ passthrough: true }) res: Response) {
    const { plays, total } = await this.reports.plays(user, id, query);
    res.setHeader('X-Total-Count', String(total));
    return plays;
  }

  @Get(':snippetId/summary')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: `Totals, unique views, average view time, the 7-day timeline and the breakdown (${NOT_YOURS})` })
  @ApiOkResponse({ type: ReportSummaryDto })
  summary(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: WeekReportQueryDto) {
    return this.reports.summary(user, id, query);
  }

  @Get(':snippetId/download')
  @WorkspaceScope('viewer')
  @FeedLinkAccess()
  @FEED_KEY
  @ApiOperation({ summary: `Every matching record as CSV, streamed (${NOT_YOURS})` })
  @ApiProduces('text/csv')
  async download(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: ReportQueryDto, @Res() res: Response) {
    const { fileName, stream } = await this.reports.csv(user, id, query);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(stream, res);
    } catch (e) {
      // Headers are gone: a failure mid-file can only cut the download short.
      if (!res.destroyed) res.destroy(e as Error);
      if ((e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn({ err: e, snippetId: id }, 'CSV download failed');
    }
  }

  @Get(':snippetId/feed/json')
  @WorkspaceScope('viewer')
  @FeedLinkAccess()
  @FEED_KEY
  @ApiOperation({ summary: `The feed: the EyeMail, its totals and one page of records (${NOT_YOURS})` })
  @ApiOkResponse({ type: ReportFeedDto })
  async feedJson(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: PagedReportQueryDto, @Res({ passthrough: true }) res: Response) {
    const feed = await this.reports.feed(user, id, query);
    res.setHeader('X-Total-Count', String(feed.totalCount));
    return feed;
  }

  @Get(':snippetId/feed/xml')
  @WorkspaceScope('viewer')
  @FeedLinkAccess()
  @FEED_KEY
  @ApiOperation({ summary: `The feed as XML: <report><snippet/><totals/><records><record/>...</records></report> (${NOT_YOURS})` })
  @ApiProduces('application/xml')
  async feedXml(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_NOT_FOUND)) id: string, @ReportQuery() query: PagedReportQueryDto, @Res() res: Response) {
    const xml = await this.reports.feedXml(user, id, query);
    res.status(200).type('application/xml; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.send(xml);
  }
}
