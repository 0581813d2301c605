import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { SupportFeedback } from './support-feedback.entity.js';
import { SupportInquiry } from './support-inquiry.entity.js';
import type { SupportMailKind } from './support-rules.js';

type NewInquiry = Pick<SupportInquiry, 'userId' | 'senderEmail' | 'senderName' | 'type' | 'snippetId' | 'snippetTitle' | 'snippetUrl' | 'message' | 'attachmentIds'>;
type NewFeedback = Pick<SupportFeedback, 'userId' | 'senderEmail' | 'senderName' | 'text'>;

// The support module's tables (support_inquiry, support_feedback). Each call runs in a fork of
// its own: mail jobs run outside any request.
@Injectable()
export class SupportRepository {
  constructor(private readonly orm: MikroORM) {}

  async createInquiry(fields: NewInquiry): Promise<SupportInquiry> {
    const em = this.orm.em.fork();
    const row = em.create(SupportInquiry, { ...fields, mailState: 'pending', mailAttempts: 0 });
    await em.flush();
    return row;
  }

  async createFeedback(fields: NewFeedback): Promise<SupportFeedback> {
    const em = this.orm.em.fork();
    const row = em.create(SupportFeedback, { ...fields, mailState: 'pending', mailAttempts: 0 });
    await em.flush();
    return row;
  }

  findInquiry(id: string): Promise<SupportInquiry | null> {
    return this.orm.em.fork().findOne(SupportInquiry, { id });
  }

  findFeedback(id: string): Promise<SupportFeedback | null> {
    return this.orm.em.fork().findOne(SupportFeedback, { id });
  }

  private async setMailState(kind: SupportMailKind, id: string, fields: Pick<SupportInquiry, 'mailState' | 'mailAttempts' | 'mailError' | 'mailedAt'>): Promise<void> {
    const em = this.orm.em.fork();
    if (kind === 'inquiry') await em.nativeUpdate(SupportInquiry, { id }, fields);
    else await em.nativeUpdate(SupportFeedback, { id }, fields);
  }

  markSent(kind: SupportMailKind, id: string, attempt: number): Promise<void> {
    return this.setMailState(kind, id, { mailState: 'sent', mailAttempts: attempt, mailError: null, mailedAt: new Date() });
  }

  // A failed try: still pending while the queue will try again, failed after the last one.
  markFailure(kind: SupportMailKind, id: string, attempt: number, error: string, final: boolean): Promise<void> {
    return this.setMailState(kind, id, { mailState: final ? 'failed' : 'pending', mailAttempts: attempt, mailError: error.slice(0, 1000), mailedAt: null });
  }

  // Rows still waiting for their mail since before `olderThan` (their job may never have been
  // queued, e.g. Redis was down when they were stored).
  async pendingIds(kind: SupportMailKind, olderThan: Date, limit = 500): Promise<string[]> {
    const em = this.orm.em.fork();
    const where = { mailState: 'pending' as const, createdAt: { $lt: olderThan } };
    const opts = { fields: ['id'] as const, limit, orderBy: { createdAt: 'asc' as const } };
    const rows = kind === 'inquiry' ? await em.find(SupportInquiry, where, opts) : await em.find(SupportFeedback, where, opts);
    return rows.map((r) => r.id);
  }
}
