import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { VIEWER_VISITS } from '../engagement/viewer-visits.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { EngagementWriter } from './engagement-writer.service.js';
import { IngestService } from './ingest.service.js';
import { PlayRangesController } from './play-ranges.controller.js';
import { PlayReportController } from './play-report.controller.js';
import { ReportRepository } from './report.repository.js';
import { ReportService } from './report.service.js';
import { ReportsController } from './reports.controller.js';
import { ViewerActivityWriter } from './viewer-activity-writer.service.js';
import { ViewerIngest } from './viewer-ingest.service.js';

// Reports: every open (/t/o), click (/t/c) and play (/api/reports/updateduration) stored per
// recipient in the engagement table (the ingest), the viewer page's visits and its plays' seconds
// (viewer_visit, video_play), and the report API, CSV and feeds on top of it. The open and click
// routes are served by tracking-router.ts, outside Nest's pipeline (mounted in app.factory.ts).
// Global only to hand the snippets module's viewer VIEWER_VISITS (snippets cannot import
// reports, which imports it).
@Global()
@Module({
  imports: [AccountsModule, SnippetsModule, IngestModule],
  controllers: [ReportsController, PlayReportController, PlayRangesController],
  providers: [
    ReportRepository,
    ReportService,
    EngagementWriter,
    IngestService,
    ViewerActivityWriter,
    ViewerIngest,
    { provide: VIEWER_VISITS, useExisting: ViewerIngest },
  ],
  exports: [VIEWER_VISITS],
})
export class ReportsModule {}
