import session from 'express-session';
import type { EntityManager } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';

type SessionData = session.SessionData & { userId?: string };

// Marks data that came from the store (see set).
const STORED = 'stored';
// The record's expiry as read (ms), carried on the session for touch (never stored: see set).
const READ_EXPIRY = 'readExpiry';
// A rolling session's record is renewed at most this often: express-session touches the store on
// every response, and a page load's calls, all on one session row, then each waited on the row's
// lock and a commit before their response could end.
export const TOUCH_EVERY_MS = 60_000;

// Pure: whether a touch must write the new expiry (the record's, as read, is a minute or more older,
// or unknown).
export function touchNeeded(readExpiryMs: number | undefined, nextExpiryMs: number): boolean {
  return readExpiryMs === undefined || !Number.isFinite(readExpiryMs) || nextExpiryMs - readExpiryMs >= TOUCH_EVERY_MS || nextExpiryMs < readExpiryMs;
}

// express-session store in Postgres (table http_session), so any instance can serve any user.
export class PgSessionStore extends session.Store {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private exec<T = any>(sql: string, params: unknown[]): Promise<T[]> {
    return rawSql<T>(this.em.fork(), sql, params);
  }

  private expiry(sess: SessionData): Date {
    const expires = sess.cookie?.expires;
    // Browser-session cookies have no expiry; keep such server records for one day of inactivity.
    return expires ? new Date(expires) : new Date(Date.now() + 24 * 3600 * 1000);
  }

  override get(sid: string, cb: (err: unknown, sess?: SessionData | null) => void): void {
    this.exec<{ data: SessionData; expires_at: Date }>('select data, expires_at from http_session where sid = ? and expires_at > now()', [sid])
      .then((rows) => cb(null, rows[0] ? ({ ...rows[0].data, [READ_EXPIRY]: new Date(rows[0].expires_at).getTime() } as SessionData) : null), cb);
  }

  // A session read from the store is only ever updated, never inserted again: a request still in
  // flight when its session was destroyed (sign-out, password change) must not bring it back.
  // New sessions (sign-in) are inserted, marked as stored.
  override set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    const { [READ_EXPIRY]: _read, ...kept } = sess as SessionData & { [READ_EXPIRY]?: number };
    const data = JSON.stringify({ ...kept, [STORED]: true });
    const done = this.exec(
      (sess as unknown as Record<string, unknown>)[STORED]
        ? 'update http_session set user_id = ?, data = ?, expires_at = ? where sid = ?'
        : `insert into http_session (user_id, data, expires_at, sid) values (?, ?, ?, ?)
           on conflict (sid) do update set user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
      [sess.userId ?? null, data, this.expiry(sess), sid],
    );
    done.then(() => cb?.(), (e) => cb?.(e));
  }

  override touch(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    if (!touchNeeded((sess as SessionData & { [READ_EXPIRY]?: number })[READ_EXPIRY], this.expiry(sess).getTime())) {
      cb?.();
      return;
    }
    this.exec('update http_session set expires_at = ? where sid = ?', [this.expiry(sess), sid]).then(() => cb?.(), (e) => cb?.(e));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.exec('delete from http_session where sid = ?', [sid]).then(() => cb?.(), (e) => cb?.(e));
  }

  // Ends every session of a user (password reset, deactivation).
  async destroyForUser(userId: string, exceptSid?: string): Promise<void> {
    await this.exec('delete from http_session where user_id = ? and sid <> ?', [userId, exceptSid ?? '']);
  }

  // Those of these session ids that still stand for a signed-in user (the bell's streams end
  // with their session: notifications/bell-hub.service.ts). One statement for any number.
  async liveSessions(sids: readonly string[]): Promise<Set<string>> {
    if (!sids.length) return new Set();
    const list = `{${sids.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    const rows = await this.exec<{ sid: string }>('select sid from http_session where sid = any(?::text[]) and expires_at > now() and user_id is not null', [list]);
    return new Set(rows.map((r) => r.sid));
  }

  async prune(): Promise<void> {
    await this.exec('delete from http_session where expires_at <= now()', []);
  }
}
