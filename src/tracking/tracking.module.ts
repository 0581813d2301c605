import { Global, Module } from '@nestjs/common';
import { VIEWER_VISITS } from '../engagement/viewer-visits.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { EngagementWriter } from './engagement-writer.service.js';
import { IngestService } from './ingest.service.js';
import { PlayRangesController } from './play-ranges.controller.js';
import { PlayReportController } from './play-report.controller.js';
import { ViewerActivityWriter } from './viewer-activity-writer.service.js';
import { ViewerIngest } from './viewer-ingest.service.js';

// Tracking, the hot path up to the journal: every open (/t/o), click (/t/c) and play report
// (/api/reports/updateduration, .../ranges) and the viewer page's visits, made events and
// journaled by group commit before they are answered (the ingest module loads them). The open
// and click routes are served by tracking-router.ts, outside Nest's pipeline (mounted in
// app.factory.ts). Global only to hand the snippets module's viewer VIEWER_VISITS (snippets
// cannot import tracking, which imports it).
@Global()
@Module({
  imports: [SnippetsModule, IngestModule],
  controllers: [PlayReportController, PlayRangesController],
  providers: [EngagementWriter, IngestService, ViewerActivityWriter, ViewerIngest, { provide: VIEWER_VISITS, useExisting: ViewerIngest }],
  exports: [VIEWER_VISITS],
})
export class TrackingModule {}
