import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { ReportRepository } from './report.repository.js';
import { ReportService } from './report.service.js';
import { ReportsController } from './reports.controller.js';
import { WorkspaceReportService } from './workspace-report.service.js';

// Reports, read only: the report API, CSV and feeds over the engagement store (its read-only
// repository, ReportRepository, which also reads whether the EyeMail is the caller's workspace's),
// each read once the ingest has loaded its EyeMail's waiting events.
@Module({
  imports: [AccountsModule, IngestModule],
  controllers: [ReportsController],
  providers: [ReportRepository, ReportService, WorkspaceReportService],
})
export class ReportsModule {}
