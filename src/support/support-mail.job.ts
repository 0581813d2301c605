import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { FilesService } from '../files/files.service.js';
import { MailService, type MailAttachment } from '../mail/mail.service.js';
import { feedbackMail, supportInquiryMail } from '../mail/mail-views.js';
import { JOB_QUEUE, PermanentJobError, type JobContext, type JobQueue } from '../queue/job-queue.js';
import { SupportRepository } from './support.repository.js';
import { SUPPORT_MAIL_ATTEMPTS, SUPPORT_MAIL_BACKOFF_MS, SUPPORT_MAIL_JOB, type SupportMailJobData } from './support-rules.js';

// The support-mail job: mails one stored inquiry or feedback to SUPPORT_EMAIL (Reply-To the
// sender, the inquiry's images attached) and records the outcome on its row. A failed send is
// retried by the queue with backoff; the row stays stored whatever happens.
@Injectable()
export class SupportMailJob implements OnModuleInit {
  private readonly logger = new Logger('SupportMail');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SupportRepository,
    private readonly files: FilesService,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.queue.register<SupportMailJobData, unknown>(SUPPORT_MAIL_JOB, (job) => this.handle(job), {
      concurrency: 2,
      attempts: SUPPORT_MAIL_ATTEMPTS,
      backoff: { type: 'exponential', delayMs: SUPPORT_MAIL_BACKOFF_MS },
    });
  }

  async handle(job: JobContext<SupportMailJobData>): Promise<unknown> {
    const { kind, id } = job.data ?? ({} as SupportMailJobData);
    if ((kind !== 'inquiry' && kind !== 'feedback') || typeof id !== 'string') throw new PermanentJobError('The job names no inquiry or feedback.');
    try {
      const sent = kind === 'inquiry' ? await this.sendInquiry(id) : await this.sendFeedback(id);
      if (sent) await this.repo.markSent(kind, id, job.attempt);
      return { kind, id, sent };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const final = job.attempt >= job.maxAttempts;
      this.logger.warn(`Mail of ${kind} ${id}, attempt ${job.attempt} of ${job.maxAttempts}, failed: ${message}`);
      await this.repo.markFailure(kind, id, job.attempt, message, final);
      throw e;
    }
  }

  // false when there is nothing (left) to send: the row is gone (account deleted) or sent already.
  private async sendInquiry(id: string): Promise<boolean> {
    const row = await this.repo.findInquiry(id);
    if (!row || row.mailState === 'sent') return false;
    const attachments: MailAttachment[] = [];
    for (const fileId of row.attachmentIds ?? []) {
      const file = await this.files.readOwnedImage(row.userId, fileId);
      if (file) attachments.push(file);
    }
    const content = supportInquiryMail({
      senderName: row.senderName,
      senderEmail: row.senderEmail,
      type: row.type,
      snippetTitle: row.snippetTitle ?? null,
      snippetUrl: row.snippetUrl ?? null,
      message: row.message,
      attachmentCount: attachments.length,
      missingAttachments: (row.attachmentIds ?? []).length - attachments.length,
    });
    await this.mail.send(this.config.supportEmail, content, { replyTo: row.senderEmail, attachments });
    return true;
  }

  private async sendFeedback(id: string): Promise<boolean> {
    const row = await this.repo.findFeedback(id);
    if (!row || row.mailState === 'sent') return false;
    await this.mail.send(this.config.supportEmail, feedbackMail({ senderName: row.senderName, senderEmail: row.senderEmail, text: row.text }), {
      replyTo: row.senderEmail,
    });
    return true;
  }
}
