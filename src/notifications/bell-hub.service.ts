import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { RateLimitedError, UnavailableError } from '../common/domain-error.js';
import { PgSessionStore } from '../common/session-store.js';
import { NotificationRepository } from './notification.repository.js';
import {
  BELL_TICK_MS,
  countToSend,
  HEARTBEAT,
  heartbeatDue,
  isNewerLookup,
  MAX_UNSENT_BYTES,
  overStreamCap,
  retryField,
  STREAM_HEADERS,
  unreadEvent,
} from './bell-stream.js';

interface BellStream {
  userId: string;
  sid: string;
  res: ServerResponse;
  // The count this stream was last sent (null: none yet).
  sent: number | null;
  lastWriteAt: number;
}

export const TOO_MANY_STREAMS = 'Too many open notification streams: the bell checks every 10 seconds instead.';
const STREAM_RETRY_AFTER_S = 30;

// The bell's live unread count (GET /api/notifications/stream). There is no pub/sub between
// processes: each process keeps the streams of its own connections and, while it has any, asks
// the database every few seconds (bell-stream.ts BELL_TICK_MS) in two statements whatever their
// number: the unread counts of every user connected to it, and which of their sessions still
// stand (a stream ends with its session: sign-out, a password change, a deactivation). A change
// made by this process (a fan-out recording events, a user marking them read) is pushed at once;
// one made by another (a worker, another app instance) within a tick. Every stream is ended when
// the app closes: the HTTP server would otherwise wait on them for ever.
@Injectable()
export class BellHub implements OnModuleDestroy {
  private readonly logger = new Logger('BellStream');
  private readonly streams = new Set<BellStream>();
  private readonly byUser = new Map<string, Set<BellStream>>();
  // Per user, the latest look-up whose count was applied (bell-stream.ts isNewerLookup).
  private readonly applied = new Map<string, number>();
  private lookups = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private failing = false;
  private closed = false;

  constructor(
    private readonly repo: NotificationRepository,
    private readonly sessions: PgSessionStore,
  ) {}

  // Answers the request with a stream for the signed-in user of session `sid`: the reconnect
  // delay, then the unread count at once and on every change. A user with the most streams open
  // already gets a 429 (thrown before anything is written: the usual JSON answer).
  async open(userId: string, sid: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.closed) throw new UnavailableError('The server is restarting.');
    if (overStreamCap(this.of(userId).length)) throw new RateLimitedError(TOO_MANY_STREAMS, STREAM_RETRY_AFTER_S);
    // Gone already while the session was read: nothing to keep.
    if (req.socket.destroyed) return;
    // A HEAD (Express answers it with the GET's handler) gets the headers and its end: no body
    // would ever reach it, and the response would stay open.
    if (req.method === 'HEAD') {
      res.writeHead(200, STREAM_HEADERS).end();
      return;
    }
    const stream: BellStream = { userId, sid, res, sent: null, lastWriteAt: Date.now() };
    this.streams.add(stream);
    this.byUser.set(userId, (this.byUser.get(userId) ?? new Set()).add(stream));
    res.once('close', () => this.drop(stream));
    req.socket.setNoDelay(true);
    res.writeHead(200, STREAM_HEADERS);
    this.write(stream, retryField());
    this.startTicking();
    await this.refresh([userId]);
  }

  // The unread counts of these users changed in this process: their streams hear it now.
  changed(userIds: readonly string[]): void {
    const connected = [...new Set(userIds)].filter((u) => this.byUser.has(u));
    if (connected.length) void this.refresh(connected);
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.stopTicking();
    for (const s of [...this.streams]) this.end(s);
  }

  private of(userId: string): BellStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  private async refresh(userIds: readonly string[]): Promise<void> {
    const seq = ++this.lookups;
    let counts: Map<string, number>;
    try {
      counts = await this.repo.unreadCounts(userIds);
    } catch (e) {
      this.warnOnce(e, 'Could not read the unread counts of the bell streams');
      return;
    }
    if (this.closed) return;
    for (const [userId, count] of counts) {
      if (!isNewerLookup(seq, this.applied.get(userId))) continue;
      const mine = this.of(userId);
      if (!mine.length) continue;
      this.applied.set(userId, seq);
      for (const s of mine) {
        if (!countToSend(s.sent, count)) continue;
        s.sent = count;
        this.write(s, unreadEvent(count));
      }
    }
  }

  private async tick(): Promise<void> {
    if (this.ticking || !this.streams.size) return;
    this.ticking = true;
    try {
      const now = Date.now();
      for (const s of this.streams) if (heartbeatDue(s.lastWriteAt, now)) this.write(s, HEARTBEAT);
      const live = await this.sessions.liveSessions([...new Set([...this.streams].map((s) => s.sid))]);
      if (this.closed) return;
      for (const s of [...this.streams]) if (!live.has(s.sid)) this.end(s);
      this.failing = false;
      await this.refresh([...this.byUser.keys()]);
    } catch (e) {
      this.warnOnce(e, 'Could not check the sessions of the bell streams');
    } finally {
      this.ticking = false;
    }
  }

  // A client that takes nothing (its unsent bytes past the bound) is cut off rather than kept in memory.
  private write(s: BellStream, text: string): void {
    if (s.res.writableEnded || s.res.destroyed) return;
    if (s.res.writableLength > MAX_UNSENT_BYTES) {
      s.res.destroy();
      this.drop(s);
      return;
    }
    s.res.write(text);
    s.lastWriteAt = Date.now();
  }

  private end(s: BellStream): void {
    this.drop(s);
    if (!s.res.writableEnded) s.res.end();
  }

  private drop(s: BellStream): void {
    if (!this.streams.delete(s)) return;
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (!mine?.size) {
      this.byUser.delete(s.userId);
      this.applied.delete(s.userId);
    }
    if (!this.streams.size) this.stopTicking();
  }

  private startTicking(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), BELL_TICK_MS);
    this.timer.unref();
  }

  private stopTicking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  // One warning while the database fails, not one a tick.
  private warnOnce(e: unknown, message: string): void {
    if (this.failing) return;
    this.failing = true;
    this.logger.warn({ err: e }, message);
  }
}
