import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AccountsModule } from '../accounts/accounts.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { Engagement } from './engagement.entity.js';
import { EngagementWriter } from './engagement-writer.service.js';
import { GeoIpAdapter } from './geo-ip.adapter.js';
import { IngestService } from './ingest.service.js';
import { PlayReportController } from './play-report.controller.js';
import { ReportRepository } from './report.repository.js';
import { ReportService } from './report.service.js';
import { ReportsController } from './reports.controller.js';
import { UserAgentAdapter } from './user-agent.adapter.js';

// Reports: every open (/t/o), click (/t/c) and play (/api/reports/updateduration) stored per
// recipient in the engagement table (the ingest), and the report API, CSV and feeds on top of it. The open and
// click routes are served by tracking-router.ts, outside Nest's pipeline (mounted in app.factory.ts).
@Module({
  imports: [MikroOrmModule.forFeature([Engagement]), AccountsModule, SnippetsModule],
  controllers: [ReportsController, PlayReportController],
  providers: [ReportRepository, ReportService, EngagementWriter, IngestService, GeoIpAdapter, UserAgentAdapter],
})
export class ReportsModule {}
