import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { NotificationRepository } from './notification.repository.js';
import { NotificationCapRepository } from './notification-cap.repository.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';
import { Notifier } from './notifier.service.js';
import { NotificationPruneJob } from './notification-prune.job.js';
import { UnsubscribeController } from './unsubscribe.controller.js';
import { BellHub } from './bell-hub.service.js';

// Notifications to the owner: mails when a named recipient opens, plays, watches half or clicks
// (throttled to one an hour per recipient and EyeMail, a digest beyond; capped per owner and
// EyeMail, a summary beyond: notification-cap.ts), the dashboard's bell, the
// settings and the unsubscribe link; the bell's live count (bell-hub.service.ts); an hourly prune of the rows nobody needs any more. The jobs are registered here, so `npm run worker` mails too.
@Module({
  imports: [MailModule, QueueModule, SnippetsModule],
  controllers: [NotificationsController, UnsubscribeController],
  providers: [NotificationRepository, NotificationCapRepository, NotificationsService, Notifier, NotificationPruneJob, BellHub],
})
export class NotificationsModule {}
