import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';
import { MailTemplates } from './mail-templates.js';

@Module({
  providers: [{ provide: MailTemplates, useFactory: () => new MailTemplates() }, MailService],
  exports: [MailService],
})
export class MailModule {}
