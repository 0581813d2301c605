import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { MailModule } from '../mail/mail.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookHttpAdapter } from './webhook-http.adapter.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

// Signed webhooks (Standard Webhooks): endpoints per account, deliveries of committed opens and
// clicks through the job queue with retries over about a day, a delivery log, test events. The
// jobs are registered here, so `npm run worker` delivers too.
@Module({
  imports: [AccountsModule, SnippetsModule, MailModule, QueueModule, WorkspacesModule],
  controllers: [WebhooksController],
  providers: [WebhookRepository, WebhooksService, WebhookDispatcher, { provide: WebhookHttpAdapter, useFactory: () => new WebhookHttpAdapter() }],
})
export class WebhooksModule {}
