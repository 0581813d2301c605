import { Module } from '@nestjs/common';
import { GeoIpModule } from '../geo-ip/geo-ip.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { IngestJournalRepository } from './ingest-journal.repository.js';
import { IngestLoader } from './ingest-loader.service.js';
import { MachineTrafficChecks } from './machine-traffic-checks.service.js';
import { PlannerStats } from './planner-stats.service.js';
import { PlannerStatsRepository } from './planner-stats.repository.js';
import { RequestClassifier } from './request-classifier.service.js';
import { UserAgentAdapter } from './user-agent.adapter.js';

// The ingest: the journal the hot path appends to (ingest_journal) and its loader, which derives
// what the hot path left out (the agent, the place, the machine reason: RequestClassifier),
// stores the events through the engagement module, re-checks floods and link-scanner bursts,
// keeps the planner's statistics fresh and hands the events to their listeners.
@Module({
  imports: [SnippetsModule, GeoIpModule],
  providers: [IngestJournalRepository, IngestLoader, MachineTrafficChecks, PlannerStatsRepository, PlannerStats, RequestClassifier, UserAgentAdapter],
  exports: [IngestLoader, PlannerStats, RequestClassifier],
})
export class IngestModule {}
