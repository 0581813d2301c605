import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Foundation } from './0001-foundation.js';
import { Migration0002Accounts } from './0002-accounts.js';
import { Migration0003Jobs } from './0003-jobs.js';
import { Migration0004Media } from './0004-media.js';
import { Migration0005Snippets } from './0005-snippets.js';
import { Migration0006Engagement } from './0006-engagement.js';
import { Migration0007Support } from './0007-support.js';
import { Migration0008EngagementIndexes } from './0008-engagement-indexes.js';
import { Migration0009TierNames } from './0009-tier-names.js';
import { Migration0010FairUse } from './0010-fair-use.js';
import { Migration0011ClickDestination } from './0011-click-destination.js';
import { Migration0012ViewerVisitsPlays } from './0012-viewer-visits-plays.js';
import { Migration0013PlayLink } from './0013-play-link.js';
import { Migration0014SecondStats } from './0014-second-stats.js';
import { Migration0015ApiTokens } from './0015-api-tokens.js';
import { Migration0016Webhooks } from './0016-webhooks.js';
import { Migration0017Notifications } from './0017-notifications.js';
import { Migration0018EngagementCounters } from './0018-engagement-counters.js';
import { Migration0020ResumableUploads } from './0020-resumable-uploads.js';
import { Migration0021RecordingTrim } from './0021-recording-trim.js';
import { Migration0022PeopleByProbe } from './0022-people-by-probe.js';
import { Migration0023RecordSummary } from './0023-record-summary.js';
import { Migration0024IngestTriggersWithoutJit } from './0024-ingest-triggers-without-jit.js';
import { Migration0025EngagementOutbox } from './0025-engagement-outbox.js';
import { Migration0026IngestJournal } from './0026-ingest-journal.js';
import { Migration0027JournalSnippetCounts } from './0027-journal-snippet-counts.js';

// Every migration, in order. Listed explicitly (not discovered from disk) so the same list runs
// from TypeScript in tests and from the compiled build in production.
export const migrationsList: MigrationObject[] = [
  { name: '0001-foundation', class: Migration0001Foundation },
  { name: '0002-accounts', class: Migration0002Accounts },
  { name: '0003-jobs', class: Migration0003Jobs },
  { name: '0004-media', class: Migration0004Media },
  { name: '0005-snippets', class: Migration0005Snippets },
  { name: '0006-engagement', class: Migration0006Engagement },
  { name: '0007-support', class: Migration0007Support },
  { name: '0008-engagement-indexes', class: Migration0008EngagementIndexes },
  { name: '0009-tier-names', class: Migration0009TierNames },
  { name: '0010-fair-use', class: Migration0010FairUse },
  { name: '0011-click-destination', class: Migration0011ClickDestination },
  { name: '0012-viewer-visits-plays', class: Migration0012ViewerVisitsPlays },
  { name: '0013-play-link', class: Migration0013PlayLink },
  { name: '0014-second-stats', class: Migration0014SecondStats },
  { name: '0015-api-tokens', class: Migration0015ApiTokens },
  { name: '0016-webhooks', class: Migration0016Webhooks },
  { name: '0017-notifications', class: Migration0017Notifications },
  { name: '0018-engagement-counters', class: Migration0018EngagementCounters },
  { name: '0020-resumable-uploads', class: Migration0020ResumableUploads },
  { name: '0021-recording-trim', class: Migration0021RecordingTrim },
  { name: '0022-people-by-probe', class: Migration0022PeopleByProbe },
  { name: '0023-record-summary', class: Migration0023RecordSummary },
  { name: '0024-ingest-triggers-without-jit', class: Migration0024IngestTriggersWithoutJit },
  { name: '0025-engagement-outbox', class: Migration0025EngagementOutbox },
  { name: '0026-ingest-journal', class: Migration0026IngestJournal },
  { name: '0027-journal-snippet-counts', class: Migration0027JournalSnippetCounts },
];
