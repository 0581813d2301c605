import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { AuthUser } from '../common/auth/auth-user.js';
import { ReferenceDataService } from '../accounts/reference-data.service.js';
import { NotFoundError } from '../common/domain-error.js';
import { SNIPPET_MESSAGES } from '../shared/snippet-rules.js';
import { isUuid } from '../shared/uuid.js';
import { flooredPercents, oneDecimal, weekWindow } from '../shared/report-rules.js';
import type { EngagementReport, FilterMap, PlayRecord, ReportCountry, ReportFeed, ReportRecord, ReportSummary } from '../shared/report-types.js';
import { toPlayRecord } from './report-plays.js';
import { toEngagementReport } from './report-engagement.js';
import { timelineGrain, timelineRange } from '../shared/metrics/timeline-grain.js';
import { viewParts } from '../shared/metrics/report-metrics.js';
import { reportTimeZone, todayIn } from '../shared/time-zone.js';
import { CSV_COLUMNS, linesToCsv, reportFileName } from './report-csv.js';
import { CLIENT_FAMILIES, DEVICE_FAMILIES, PLATFORM_FAMILIES, filterMap, readReportQuery, type ParsedReportQuery } from './report-filter.js';
import { refusalOf, type ReportQueryDto } from './dto/report-query.dto.js';
import { ReportRepository } from './report.repository.js';
import { IngestLoader } from '../ingest/ingest-loader.service.js';
import { feedToXml } from './report-xml.js';

// The report query as the DTO checked it (dto/report-query.dto.ts).
export type ReportQuery = ReportQueryDto;

// Starts the query before anything is sent, so a failing query is a JSON error, not a cut file.
async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = source[Symbol.asyncIterator]();
  const head = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (head.done) return;
        yield head.value;
        for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
      } finally {
        await it.return?.();
      }
    },
  };
}

interface Context {
  snippet: { snippetId: string; title: string; status: boolean };
  tz: string;
  q: ParsedReportQuery;
  // this EyeMail's events answered but not loaded yet when the read went on (IngestLoader.catchUpFor)
  pending: number;
}

// The report API: every call checks first that the snippet is one of the workspace the request
// acts in (a session's X-Workspace-Id, an API token's or feed link's own; another workspace's
// snippet is "not found"), then the filters (checked at the edge by dto/report-query.dto.ts, their
// 400 with field errors thrown here), has the ingest's journal loaded, then reads in SQL. The caller is the AuthUser the
// guard built (its profile time zone included): the user is not read again.
@Injectable()
export class ReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly reference: ReferenceDataService,
    private readonly loader: IngestLoader,
  ) {}

  // The workspace report's zone: the caller's profile time zone, else the one their browser sent
  // (tz), else UTC (reportTimeZone, which takes only a zone Intl and the database know). The
  // zones' names are reference data, read once (ReferenceDataService). An EyeMail's report reads
  // the name with the EyeMail instead (context below).
  async timeZoneOf(user: AuthUser, requested: string | null): Promise<string> {
    const zone = user.timezoneId ? (await this.reference.timezones()).find((z) => z.timezoneId === user.timezoneId) : undefined;
    return reportTimeZone(zone?.timezoneName ?? null, requested);
  }

  // The EyeMail (one of the workspace's, else 404 as for a missing one) and the caller's profile
  // zone in one query (ReportRepository.context), then the filters, then the journal's catch-up.
  private async context(user: AuthUser, snippetId: string, query: ReportQuery): Promise<Context> {
    const found = isUuid(snippetId) ? await this.repo.context(user.workspace.id, snippetId.toLowerCase(), user.timezoneId) : null;
    if (!found) throw new NotFoundError(SNIPPET_MESSAGES.notFound);
    const { zoneName, lastWaiting, ...snippet } = found;
    const refused = refusalOf(query);
    if (refused) throw refused;
    const value = readReportQuery(query);
    // Every answered hit of this EyeMail counted: when some of its events wait in the ingest's
    // journal, it is loaded up to the last of them first (bounded; other EyeMails' backlog after it
    // is not waited for); what is still waiting after that is said (pendingEvents).
    const pending = lastWaiting === null ? 0 : await this.loader.catchUpFor(snippet.snippetId, BigInt(lastWaiting));
    return { snippet, tz: reportTimeZone(zoneName, value.timeZone), q: value, pending };
  }

  async records(user: AuthUser, snippetId: string, query: ReportQuery): Promise<{ records: ReportRecord[]; total: number }> {
    const { snippet, tz, q } = await this.context(user, snippetId, query);
    return this.repo.records(snippet.snippetId, q.filter, tz, q.page);
  }

  // The plays (2 s or more) of the viewer page, newest first, each with its share watched and
  // heatmap strip.
  async plays(user: AuthUser, snippetId: string, query: ReportQuery): Promise<{ plays: PlayRecord[]; total: number }> {
    const { snippet, tz, q } = await this.context(user, snippetId, query);
    const { plays, total } = await this.repo.plays(snippet.snippetId, q.filter, tz, q.page);
    return { plays: plays.map(toPlayRecord), total };
  }

  // The video engagement figures (issue 17): totals and rates, funnel, per-second graph and the
  // timeline over the filter's dates (all time without them), each aggregated in the database.
  async engagement(user: AuthUser, snippetId: string, query: ReportQuery): Promise<EngagementReport> {
    const { snippet, tz, q } = await this.context(user, snippetId, query);
    const id = snippet.snippetId;
    const today = todayIn(tz);
    const { from, till } = timelineRange(q.filter.dateFrom, q.filter.dateTill, q.weekEnding, today);
    const grain = timelineGrain(from, till);
    const [totals, graph, buckets] = await Promise.all([
      this.repo.engagementTotals(id, q.filter, tz),
      this.repo.engagementGraph(id, q.filter, tz),
      this.repo.timeline(id, q.filter, tz, { from, till, grain }),
    ]);
    return toEngagementReport({ snippetId: id, timeZone: tz, today, totals, graph, timeline: { grain, from, till, buckets } });
  }

  async summary(user: AuthUser, snippetId: string, query: ReportQuery): Promise<ReportSummary> {
    const { snippet, tz, q, pending } = await this.context(user, snippetId, query);
    const today = todayIn(tz);
    // The timeline shows the week ending weekEnding, else the end of the date range, else today.
    const week = weekWindow(q.weekEnding ?? q.filter.dateTill ?? today);
    const row = await this.repo.summary(snippet.snippetId, q.filter, tz, week);
    const repeatViews = row.totalViews - row.uniqueViews;
    const [uniqueViewsPercent, repeatViewsPercent, clicksPercent] = flooredPercents([row.uniqueViews, repeatViews, row.totalClicks]);
    return {
      snippetId: snippet.snippetId,
      title: snippet.title,
      timeZone: tz,
      today,
      totalViews: row.totalViews,
      uniqueViews: row.uniqueViews,
      totalClicks: row.totalClicks,
      ...viewParts(row, row),
      averageViewTime: oneDecimal(row.averageViewTime),
      weekStart: week.weekStart,
      weekEnding: week.weekEnding,
      timeline: row.timeline ?? [],
      breakdown: { uniqueViews: row.uniqueViews, repeatViews, clicks: row.totalClicks, uniqueViewsPercent, repeatViewsPercent, clicksPercent },
      machineEvents: row.machineEvents,
      machineExcluded: q.filter.includeMachine ? 0 : row.machineEvents,
      includeMachine: q.filter.includeMachine,
      // Counted only when the journal was not loaded in time; the EyeMail's own, never how much
      // traffic other accounts have.
      pendingEvents: pending,
    };
  }

  // The CSV of every matching record, its lines made in the database and streamed from a cursor.
  async csv(user: AuthUser, snippetId: string, query: ReportQuery): Promise<{ fileName: string; stream: Readable }> {
    const { snippet, tz, q } = await this.context(user, snippetId, query);
    return {
      fileName: reportFileName(snippet.title, todayIn(tz)),
      stream: linesToCsv(await primed(this.repo.streamCsvLines(snippet.snippetId, q.filter, tz, CSV_COLUMNS.map((c) => c.key)))),
    };
  }

  async feed(user: AuthUser, snippetId: string, query: ReportQuery): Promise<ReportFeed> {
    const { snippet, tz, q } = await this.context(user, snippetId, query);
    const today = todayIn(tz);
    const [page, row] = await Promise.all([
      this.repo.records(snippet.snippetId, q.filter, tz, q.page),
      this.repo.summary(snippet.snippetId, q.filter, tz, weekWindow(q.filter.dateTill ?? today)),
    ]);
    return {
      snippet,
      generatedAtUtc: new Date().toISOString(),
      timeZone: tz,
      totals: {
        totalViews: row.totalViews,
        uniqueViews: row.uniqueViews,
        totalClicks: row.totalClicks,
        ...viewParts(row, row),
        averageViewTime: oneDecimal(row.averageViewTime),
        machineExcluded: q.filter.includeMachine ? 0 : row.machineEvents,
      },
      page: q.page.page,
      size: q.page.size,
      totalCount: page.total,
      records: page.records,
    };
  }

  async feedXml(user: AuthUser, snippetId: string, query: ReportQuery): Promise<string> {
    return feedToXml(await this.feed(user, snippetId, query));
  }

  filterMap(kind: 'devices' | 'platforms' | 'clients'): FilterMap {
    return filterMap(kind === 'devices' ? DEVICE_FAMILIES : kind === 'platforms' ? PLATFORM_FAMILIES : CLIENT_FAMILIES);
  }

  async countries(): Promise<ReportCountry[]> {
    return (await this.reference.countries()).map((c) => ({ countryName: c.countryName, countryCode: c.countryCode }));
  }
}
