import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FilesModule } from '../files/files.module.js';
import { MailModule } from '../mail/mail.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { SupportFeedback } from './support-feedback.entity.js';
import { SupportInquiry } from './support-inquiry.entity.js';
import { SupportController } from './support.controller.js';
import { SupportMailJob } from './support-mail.job.js';
import { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';

// Contact inquiries and feedback: stored in support_inquiry / support_feedback, mailed to the
// support address by the support-mail job (registered here, so `npm run worker` runs it too).
@Module({
  imports: [MikroOrmModule.forFeature([SupportInquiry, SupportFeedback]), AccountsModule, FilesModule, SnippetsModule, MailModule, QueueModule],
  controllers: [SupportController],
  providers: [SupportRepository, SupportService, SupportMailJob],
})
export class SupportModule {}
