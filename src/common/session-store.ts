import session from 'express-session';
import type { EntityManager } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';

type SessionData = session.SessionData & { userId?: string };

// Marks data that came from the store (see set).
const STORED = 'stored';

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
    this.exec<{ data: SessionData }>('select data from http_session where sid = ? and expires_at > now()', [sid])
      .then((rows) => cb(null, rows[0]?.data ?? null), cb);
  }

  // A session read from the store is only ever updated, never inserted again: a request still in
  // flight when its session was destroyed (sign-out, password change) must not bring it back.
  // New sessions (sign-in) are inserted, marked as stored.
  override set(sid: string, sess: SessionData, cb?: (err?: unknown) => void): void {
    const data = JSON.stringify({ ...sess, [STORED]: true });
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
    this.exec('update http_session set expires_at = ? where sid = ?', [this.expiry(sess), sid]).then(() => cb?.(), (e) => cb?.(e));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.exec('delete from http_session where sid = ?', [sid]).then(() => cb?.(), (e) => cb?.(e));
  }

  // Ends every session of a user (password reset, deactivation).
  async destroyForUser(userId: string, exceptSid?: string): Promise<void> {
    await this.exec('delete from http_session where user_id = ? and sid <> ?', [userId, exceptSid ?? '']);
  }

  async prune(): Promise<void> {
    await this.exec('delete from http_session where expires_at <= now()', []);
  }
}
