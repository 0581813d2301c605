// Contact inquiries and feedback as SupportService decides them, with its repository replaced by
// an in-memory table and the EyeMails, files, rate limit and queue by fakes: what another account
// owns is refused before anything is stored, a stored row is queued for its mail, and a queue
// that is down loses nothing (the start-up sweep queues what is still waiting).
import type { AuthUser } from '../common/auth/auth-user.js';
import type { RateLimiter } from '../common/rate-limit.service.js';
import type { FilesService } from '../files/files.service.js';
import type { JobQueue } from '../queue/job-queue.js';
import type { SnippetsService } from '../snippets/snippets.service.js';
import type { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';

const USER = { id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace', workspace: { id: 'user-1', kind: 'personal', role: 'owner' } } as AuthUser;
const MINE = { snippet: 'snippet-1', image: 'file-1' };

function setUp(opts: { queueDown?: boolean } = {}) {
  const rows: { kind: string; id: string; fields: Record<string, unknown> }[] = [];
  const queued: { name: string; data: unknown; jobId?: string }[] = [];
  const repo = {
    createInquiry: async (fields: Record<string, unknown>) => {
      rows.push({ kind: 'inquiry', id: `inquiry-${rows.length + 1}`, fields });
      return { id: rows.at(-1)!.id };
    },
    createFeedback: async (fields: Record<string, unknown>) => {
      rows.push({ kind: 'feedback', id: `feedback-${rows.length + 1}`, fields });
      return { id: rows.at(-1)!.id };
    },
    pendingIds: async (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.id),
  } as unknown as SupportRepository;
  const snippets = { findOwnedLink: async (userId: string, id: string) => (userId === USER.id && id === MINE.snippet ? { title: 'Spring launch', url: 'https://x/v/1' } : null) } as unknown as SnippetsService;
  const files = { findOwned: async (userId: string, id: string) => (userId === USER.id && id === MINE.image ? { id } : null) } as unknown as FilesService;
  const limiter = { consume: async () => undefined } as unknown as RateLimiter;
  const queue = {
    enqueue: async (name: string, data: unknown, o: { jobId?: string } = {}) => {
      if (opts.queueDown) throw new Error('Redis is down');
      queued.push({ name, data, jobId: o.jobId });
    },
  } as unknown as JobQueue;
  return { service: new SupportService(repo, files, snippets, limiter, queue), rows, queued };
}

describe('SupportService', () => {
  it('stores an inquiry with the EyeMail it is about and queues its mail', async () => {
    const { service, rows, queued } = setUp();
    const out = await service.submitInquiry(USER, { type: 'Bug / Issues', snippetId: MINE.snippet, message: 'It does not play.', attachments: [MINE.image] });
    expect(out).toEqual({ inquiryId: 'inquiry-1' });
    expect(rows[0]!.fields).toMatchObject({ userId: USER.id, senderEmail: 'ada@example.com', senderName: 'Ada Lovelace', snippetTitle: 'Spring launch', snippetUrl: 'https://x/v/1', attachmentIds: [MINE.image] });
    expect(queued).toEqual([{ name: 'support-mail', data: { kind: 'inquiry', id: 'inquiry-1' }, jobId: 'support-inquiry-inquiry-1' }]);
  });

  it("refuses another account's EyeMail or image as if it were missing, and stores nothing", async () => {
    const { service, rows, queued } = setUp();
    await expect(service.submitInquiry(USER, { type: 'General Inquiry', snippetId: 'snippet-of-someone-else', message: 'Hi', attachments: [] })).rejects.toThrow('Please choose one of your EyeMails.');
    await expect(service.submitInquiry(USER, { type: 'General Inquiry', snippetId: null, message: 'Hi', attachments: [MINE.image, 'file-of-someone-else'] })).rejects.toThrow(
      'An attached image could not be found. Please remove it and upload it again.',
    );
    expect(rows).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('keeps feedback when the queue is down, and the start-up sweep queues it', async () => {
    const down = setUp({ queueDown: true });
    expect(await down.service.submitFeedback(USER, 'Lovely tool')).toEqual({ feedbackId: 'feedback-1' });
    expect(down.rows.map((r) => r.id)).toEqual(['feedback-1']);

    const up = setUp();
    up.rows.push(...down.rows);
    await up.service.onApplicationBootstrap();
    expect(up.queued).toEqual([{ name: 'support-mail', data: { kind: 'feedback', id: 'feedback-1' }, jobId: 'support-feedback-feedback-1' }]);
  });
});
