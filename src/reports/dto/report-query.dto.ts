import { Query, type ArgumentMetadata } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { InvalidInputError } from '../../common/domain-error.js';
import { InputPipe } from '../../common/validation/input.pipe.js';
import { OptionalField, Rule } from '../../common/validation/rule.decorator.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, reportQueryError, reportQueryMessage, type ReportQueryField } from '../report-filter.js';

// The query of the report reads (spec 02 section 7): one class described for /api/docs and
// checked by class-validator, each field by its reader in report-filter.ts (REPORT_QUERY_FIELDS,
// the messages of FILTER_MESSAGES). Values are query text as sent (a repeated parameter: its
// first); the service reads the checked query with readReportQuery. Fields are declared in the
// order their messages are given. Every read checks every field (a bad page is 400 on the
// summary too); the routes that use the page or the week document them (the classes below).

const check = (field: ReportQueryField) => Rule((_value, input) => reportQueryError(field, input));
const field = (field: ReportQueryField, description: string, extra: { enum?: string[]; maxLength?: number } = {}) =>
  OptionalField({ type: String, description, ...extra }, (_value, input) => reportQueryError(field, input));
type Sent = string | string[];

const PAGE = 'from 1; default 1';
const SIZE = `records a page; default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`;
const WEEK_ENDING = 'YYYY-MM-DD, last day of the 7-day timeline; default dateTill, else today';

export class ReportQueryDto {
  @field('dateFrom', 'YYYY-MM-DD, in your profile time zone') dateFrom?: Sent;
  @field('dateTill', 'YYYY-MM-DD (inclusive), in your profile time zone') dateTill?: Sent;
  @check('weekEnding') weekEnding?: Sent;
  @field('timeFrom', 'HH:mm, time of day in your profile time zone') timeFrom?: Sent;
  @field('timeTill', 'HH:mm (inclusive); before timeFrom means a window across midnight') timeTill?: Sent;
  @field('devicescsv', 'comma list of keys of GET reports/filter/devices') devicescsv?: Sent;
  @field('platformscsv', 'comma list of keys of GET reports/filter/platforms') platformscsv?: Sent;
  @field('clientscsv', 'comma list of keys of GET reports/filter/clients') clientscsv?: Sent;
  @field('country', 'comma list of ISO 3166-1 alpha-2 codes') country?: Sent;
  @field('ipAddress', 'one IPv4 or IPv6 address') ipAddress?: Sent;
  @field('receiver', 'part of the receiver, any case') receiver?: Sent;
  @field('includeMachine', 'include machine events (privacy prefetch, link scanners, bots); default false', { enum: ['true', 'false'] }) includeMachine?: Sent;
  @check('page') page?: Sent;
  @check('size') size?: Sent;
  @field('tz', "IANA time zone (the browser's) for dates, times and the timeline when your profile names none; 400 when not a zone") tz?: Sent;
}

// Records, plays and the feeds: a page of records.
export class PagedReportQueryDto extends ReportQueryDto {
  @ApiPropertyOptional({ type: String, description: PAGE }) declare page?: Sent;
  @ApiPropertyOptional({ type: String, description: SIZE }) declare size?: Sent;
}

// The summary and the engagement: a 7-day timeline.
export class WeekReportQueryDto extends ReportQueryDto {
  @ApiPropertyOptional({ type: String, description: WEEK_ENDING }) declare weekEnding?: Sent;
}

// Where a refused query keeps its 400 until the read has checked the snippet is the caller's.
const REFUSED = Symbol('refusedReportQuery');

// The DTO pipe, with the report's message (a field's own when one is wrong, else one for them
// all) and its order: a report answers 404 for another user's EyeMail whatever its filters, so a
// refused query is handed on holding its error, which the service throws once the snippet is
// known to be the caller's (refusalOf).
class ReportQueryPipe extends InputPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (!(e instanceof InvalidInputError && e.fieldErrors && metadata.metatype)) throw e;
      const refused = Object.create(metadata.metatype.prototype as object) as Record<symbol, unknown>;
      refused[REFUSED] = new InvalidInputError(reportQueryMessage(e.fieldErrors), e.fieldErrors);
      return refused;
    }
  }
}

export const REPORT_QUERY_PIPE = new ReportQueryPipe();

// `@ReportQuery() query: PagedReportQueryDto`: the query checked against the DTO named by the type.
export const ReportQuery = (): ParameterDecorator => Query(REPORT_QUERY_PIPE);

// The 400 of a query the pipe refused, else null.
export function refusalOf(query: ReportQueryDto): InvalidInputError | null {
  return ((query as Record<symbol, unknown>)[REFUSED] as InvalidInputError | undefined) ?? null;
}
