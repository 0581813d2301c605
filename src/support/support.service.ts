import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InvalidInputError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { FilesService } from '../files/files.service.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import { SupportRepository } from './support.repository.js';
import {
  FEEDBACK_PER_USER,
  INQUIRY_PER_USER,
  SUPPORT_MAIL_JOB,
  SUPPORT_MESSAGES as M,
  supportMailJobId,
  type InquiryInput,
  type SupportMailJobData,
  type SupportMailKind,
} from './support-rules.js';

// What an attachment may be: an image the sender uploaded for it, or any plain image of theirs.
export const ATTACHMENT_KINDS = ['attachment', 'image'] as const;

// A row older than this still waiting for its mail at start-up is queued again.
const SWEEP_AFTER_MS = 5 * 60 * 1000;

// Contact inquiries and feedback: checked, stored first, then mailed to the support address by
// a queued job (support-mail.job.ts), so a mail server that is down loses nothing.
@Injectable()
export class SupportService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly repo: SupportRepository,
    private readonly files: FilesService,
    private readonly snippets: SnippetsService,
    private readonly limiter: RateLimiter,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  // The inquiry was checked at the edge (InquiryDto); here: ownership, the limit, storing.
  async submitInquiry(user: AuthUser, value: InquiryInput): Promise<{ inquiryId: string }> {
    // Ownership: an EyeMail of another workspace than the one the person writes from, or another
    // person's attachment (attachments are kept in the personal workspace), answers like a
    // missing one.
    const snippet = value.snippetId ? await this.snippets.findOwnedLink(user.workspace.id, value.snippetId) : null;
    if (value.snippetId && !snippet) throw new InvalidInputError(M.snippetInvalid, { snippetId: M.snippetInvalid });
    for (const fileId of value.attachments) {
      if (!(await this.files.findOwned(user.id, fileId, ATTACHMENT_KINDS))) {
        throw new InvalidInputError(M.attachmentNotFound, { attachments: M.attachmentNotFound });
      }
    }

    await this.limiter.consume([INQUIRY_PER_USER, user.id]);
    const row = await this.repo.createInquiry({
      userId: user.id,
      senderEmail: user.email,
      senderName: user.fullName,
      type: value.type,
      snippetId: value.snippetId,
      snippetTitle: snippet?.title ?? null,
      snippetUrl: snippet?.url ?? null,
      message: value.message,
      attachmentIds: value.attachments,
    });
    await this.enqueue('inquiry', row.id);
    return { inquiryId: row.id };
  }

  async submitFeedback(user: AuthUser, text: string): Promise<{ feedbackId: string }> {
    await this.limiter.consume([FEEDBACK_PER_USER, user.id]);
    const row = await this.repo.createFeedback({ userId: user.id, senderEmail: user.email, senderName: user.fullName, text });
    await this.enqueue('feedback', row.id);
    return { feedbackId: row.id };
  }

  // The row is stored already: a queue that cannot take the job now (Redis down) must not fail
  // the request; the start-up sweep queues it later.
  private async enqueue(kind: SupportMailKind, id: string): Promise<void> {
    try {
      await this.queue.enqueue<SupportMailJobData>(SUPPORT_MAIL_JOB, { kind, id }, { jobId: supportMailJobId(kind, id) });
    } catch (e) {
      this.logger.error(`Could not queue the mail of ${kind} ${id}; it stays pending: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    const before = new Date(Date.now() - SWEEP_AFTER_MS);
    try {
      for (const kind of ['inquiry', 'feedback'] as const) {
        for (const id of await this.repo.pendingIds(kind, before)) await this.enqueue(kind, id);
      }
    } catch (e) {
      this.logger.warn(`Could not look for support mail still to send: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
