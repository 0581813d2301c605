import { StorageModule } from './storage/storage.module.js';
import { QueueModule } from './queue/queue.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { MailModule } from './mail/mail.module.js';
import { RateLimitModule } from './common/rate-limit.module.js';
import { FilesModule } from './files/files.module.js';
import { VideosModule } from './videos/videos.module.js';
import { EngagementModule } from './engagement/engagement.module.js';
import { SnippetsModule } from './snippets/snippets.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { TrackingModule } from './tracking/tracking.module.js';
import { SupportModule } from './support/support.module.js';
import { AdminModule } from './admin/admin.module.js';
import { ApiTokensModule } from './api-tokens/api-tokens.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { CompaniesModule } from './companies/companies.module.js';

// The product's domain modules, in one list so each capability is added in one place.
export const featureModules = [StorageModule, QueueModule, RateLimitModule, MailModule, AccountsModule, FilesModule, VideosModule, EngagementModule, SnippetsModule, ReportsModule, TrackingModule, SupportModule, AdminModule, ApiTokensModule, WebhooksModule, NotificationsModule, CompaniesModule];
