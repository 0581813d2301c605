import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth-user.js';
import { UsersService } from '../accounts/users.service.js';
import { IngestLoader } from '../ingest/ingest-loader.service.js';
import { todayIn } from '../shared/time-zone.js';
import type { WorkspaceReport } from '../shared/workspace-report-types.js';
import { refusalOf } from './dto/report-query.dto.js';
import type { WorkspaceReportQueryDto } from './dto/workspace-report.dto.js';
import { readReportQuery } from './report-filter.js';
import { ReportRepository } from './report.repository.js';
import { ReportService } from './report.service.js';
import { toWorkspaceReport } from './workspace-report.js';

// The company-wide report (GET reports/workspace): every EyeMail of the workspace the request acts
// in, each with its own summary figures (the same dates, time zone and machine switch as one
// EyeMail's report), added up, with the top EyeMails and the creators. Three reads whatever the
// number of EyeMails: the ingest's journal loaded once (as one EyeMail's report loads its own),
// the figures of every EyeMail in one statement over the per-EyeMail counters, the creators' names.
@Injectable()
export class WorkspaceReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly reports: ReportService,
    private readonly users: UsersService,
    private readonly loader: IngestLoader,
  ) {}

  async report(user: AuthUser, query: WorkspaceReportQueryDto): Promise<WorkspaceReport> {
    const refused = refusalOf(query);
    if (refused) throw refused;
    const q = readReportQuery(query);
    const tz = await this.reports.timeZoneOf(user, q.timeZone);
    // Every answered hit counted: the journal loaded up to now first (bounded); what still waits
    // then is said (catchingUp), not how much: the journal holds every workspace's hits.
    const waiting = await this.loader.catchUp();
    const rows = await this.repo.workspaceEyeMails(user.workspace.id, q.filter, tz);
    const people = await this.users.peopleOf([...new Set(rows.map((r) => r.creatorId))]);
    return toWorkspaceReport({
      workspaceId: user.workspace.id,
      timeZone: tz,
      today: todayIn(tz),
      dateFrom: q.filter.dateFrom,
      dateTill: q.filter.dateTill,
      includeMachine: q.filter.includeMachine,
      rows,
      names: new Map([...people].map(([id, p]) => [id, p.fullName])),
      catchingUp: waiting > 0,
    });
  }
}
