import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { InvalidInputError } from '../common/domain-error.js';
import { ReferenceDataService } from '../accounts/reference-data.service.js';
import { UsersService } from '../accounts/users.service.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { flooredPercents, oneDecimal, weekWindow } from '../shared/report-rules.js';
import type { EngagementReport, FilterMap, PlayRecord, ReportCountry, ReportRecord, ReportSummary } from '../shared/report-types.js';
import { toPlayRecord } from './report-plays.js';
import { toEngagementReport } from './report-engagement.js';
import { timelineGrain, timelineRange } from '../shared/metrics/timeline-grain.js';
import { viewParts } from '../shared/metrics/report-metrics.js';
import { reportTimeZone } from '../shared/time-zone.js';
import { CSV_COLUMNS, linesToCsv } from './report-csv.js';
import { reportFileName, todayIn, usableTimeZone, type ReportFeed } from './report-feed.js';
import {
  CLIENT_FAMILIES,
  DEVICE_FAMILIES,
  FILTER_MESSAGES,
  PLATFORM_FAMILIES,
  filterMap,
  parseReportQuery,
  type ParsedReportQuery,
} from './report-filter.js';
import { ReportRepository } from './report.repository.js';
import { IngestLoader } from '../ingest/ingest-loader.service.js';
import { feedToXml } from './report-xml.js';

export type ReportQuery = Record<string, unknown>;

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

// The report API: every call checks that the snippet is the caller's first (another user's
// snippet is "not found"), then the filters (400 with field errors), has the ingest's journal
// loaded, then reads in SQL.
@Injectable()
export class ReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly snippets: SnippetsService,
    private readonly users: UsersService,
    private readonly reference: ReferenceDataService,
    private readonly loader: IngestLoader,
  ) {}

  // The owner's profile time zone, else the one their browser sent (tz), else UTC.
  private async timeZoneOf(userId: string, requested: string | null): Promise<string> {
    const user = await this.users.findView(userId);
    const zone = user?.timezoneId ? (await this.reference.timezones()).find((z) => z.timezoneId === user.timezoneId) : undefined;
    return reportTimeZone(zone ? usableTimeZone(zone.timezoneName) : null, requested);
  }

  private async context(userId: string, snippetId: string, query: ReportQuery): Promise<Context> {
    const snippet = await this.snippets.getOwnedHeader(userId, snippetId);
    const { value, errors } = parseReportQuery(query);
    if (!value) throw new InvalidInputError(Object.keys(errors).length === 1 ? Object.values(errors)[0] : FILTER_MESSAGES.invalid, errors);
    // Every answered hit of this EyeMail counted: the ingest's journal is loaded up to its last
    // waiting event first (bounded; other EyeMails' backlog after it is not waited for); what is
    // still waiting after that is said (pendingEvents).
    const pending = await this.loader.catchUpFor(snippet.snippetId);
    return { snippet, tz: await this.timeZoneOf(userId, value.timeZone), q: value, pending };
  }

  async records(userId: string, snippetId: string, query: ReportQuery): Promise<{ records: ReportRecord[]; total: number }> {
    const { snippet, tz, q } = await this.context(userId, snippetId, query);
    return this.repo.records(snippet.snippetId, q.filter, tz, q.page);
  }

  // The plays (2 s or more) of the viewer page, newest first, each with its share watched and
  // heatmap strip.
  async plays(userId: string, snippetId: string, query: ReportQuery): Promise<{ plays: PlayRecord[]; total: number }> {
    const { snippet, tz, q } = await this.context(userId, snippetId, query);
    const { plays, total } = await this.repo.plays(snippet.snippetId, q.filter, tz, q.page);
    return { plays: plays.map(toPlayRecord), total };
  }

  // The video engagement figures (issue 17): totals and rates, funnel, per-second graph and the
  // timeline over the filter's dates (all time without them), each aggregated in the database.
  async engagement(userId: string, snippetId: string, query: ReportQuery): Promise<EngagementReport> {
    const { snippet, tz, q } = await this.context(userId, snippetId, query);
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

  async summary(userId: string, snippetId: string, query: ReportQuery): Promise<ReportSummary> {
    const { snippet, tz, q, pending } = await this.context(userId, snippetId, query);
    const today = todayIn(tz);
    // The timeline shows the week ending weekEnding, else the end of the date range, else today.
    const week = weekWindow(q.weekEnding ?? q.filter.dateTill ?? today);
    const [row, parts] = await Promise.all([this.repo.summary(snippet.snippetId, q.filter, tz, week), this.totalsParts(snippet.snippetId, q, tz)]);
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
      ...viewParts(row, parts),
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
  async csv(userId: string, snippetId: string, query: ReportQuery): Promise<{ fileName: string; stream: Readable }> {
    const { snippet, tz, q } = await this.context(userId, snippetId, query);
    return {
      fileName: reportFileName(snippet.title, todayIn(tz), 'csv'),
      stream: linesToCsv(await primed(this.repo.streamCsvLines(snippet.snippetId, q.filter, tz, CSV_COLUMNS.map((c) => c.key)))),
    };
  }

  async feed(userId: string, snippetId: string, query: ReportQuery): Promise<ReportFeed> {
    const { snippet, tz, q } = await this.context(userId, snippetId, query);
    const today = todayIn(tz);
    const [page, row, parts] = await Promise.all([
      this.repo.records(snippet.snippetId, q.filter, tz, q.page),
      this.repo.summary(snippet.snippetId, q.filter, tz, weekWindow(q.filter.dateTill ?? today)),
      this.totalsParts(snippet.snippetId, q, tz),
    ]);
    return {
      snippet,
      generatedAtUtc: new Date().toISOString(),
      timeZone: tz,
      totals: {
        totalViews: row.totalViews,
        uniqueViews: row.uniqueViews,
        totalClicks: row.totalClicks,
        ...viewParts(row, parts),
        averageViewTime: oneDecimal(row.averageViewTime),
        machineExcluded: q.filter.includeMachine ? 0 : row.machineEvents,
      },
      page: q.page.page,
      size: q.page.size,
      totalCount: page.total,
      records: page.records,
    };
  }

  // The opens and clicks of the same filters (engagement_counter, else the rows): what Total Views
  // and Total Clicks are made of (src/shared/metrics/report-metrics.ts).
  private async totalsParts(snippetId: string, q: ParsedReportQuery, tz: string): Promise<{ opens: number; clicks: number }> {
    const t = await this.repo.engagementTotals(snippetId, q.filter, tz);
    return { opens: t.opens, clicks: t.clicks };
  }

  async feedXml(userId: string, snippetId: string, query: ReportQuery): Promise<string> {
    return feedToXml(await this.feed(userId, snippetId, query));
  }

  filterMap(kind: 'devices' | 'platforms' | 'clients'): FilterMap {
    return filterMap(kind === 'devices' ? DEVICE_FAMILIES : kind === 'platforms' ? PLATFORM_FAMILIES : CLIENT_FAMILIES);
  }

  async countries(): Promise<ReportCountry[]> {
    return (await this.reference.countries()).map((c) => ({ countryName: c.countryName, countryCode: c.countryCode }));
  }
}
