import { Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Engagement } from './engagement.entity.js';
import { EngagementEvents } from './engagement-events.js';
import { EngagementOutbox } from './engagement-outbox.js';
import { EngagementOutboxRepository } from './engagement-outbox.repository.js';
import { EngagementRepository } from './engagement.repository.js';
import { EngagementStore } from './engagement-store.service.js';
import { ViewerActivityRepository } from './viewer-activity.repository.js';

// The engagement store: the opens, clicks and plays (engagement), the viewer's visits and plays
// (viewer_visit, video_play), every write of them (EngagementStore), their outbox and the events
// of committed engagement the webhooks and notifications listen to (EngagementEvents,
// EngagementOutbox). Global as the common module was for those events' listeners.
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([Engagement])],
  providers: [EngagementEvents, EngagementOutbox, EngagementOutboxRepository, EngagementRepository, ViewerActivityRepository, EngagementStore],
  exports: [EngagementEvents, EngagementOutbox, EngagementStore],
})
export class EngagementModule {}
