import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { createMailTransport, type MailAttachment, type MailTransport } from './mail-transport.js';
import { MailTemplates } from './mail-templates.js';
import { headerValue, type MailContent } from './mail-views.js';

export type { MailAttachment } from './mail-transport.js';

// Renders a mail from its view model and hands it to the transport (SMTP or the outbox folder).
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: MailTransport;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly templates: MailTemplates,
  ) {
    this.transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, logger: this.logger });
  }

  get deliversForReal(): boolean {
    return this.transport.kind === 'smtp';
  }

  // Throws when the mail could not be handed over; callers decide whether that fails the request.
  async send(to: string, content: MailContent, extra: { replyTo?: string; attachments?: MailAttachment[] } = {}): Promise<void> {
    const { html, text } = this.templates.render(content.template, content.model);
    // Subjects and headers carry text others typed (a recipient's v=, a title): one line, bounded.
    const headers = content.headers && Object.fromEntries(Object.entries(content.headers).map(([k, v]) => [k, headerValue(v, 900)]));
    await this.transport.send({ from: this.config.mailFrom, to, subject: headerValue(content.subject), html, text, links: content.links, headers, ...extra });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
