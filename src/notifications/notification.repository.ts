import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import { throttleDecision } from './notification-rules.js';
import { capDecision, capFlood, type CapDecision } from './notification-cap.js';
import { capId, lockCaps, NotificationStatements, runOn, textArray, writeCaps } from './notification-cap.repository.js';
import type { MailState } from './notification-tables.js';

export interface OwnerOfSnippet {
  snippetId: string;
  userId: string;
  title: string;
  email: string;
  firstName: string | null;
  accountEvents: string[] | null;
  snippetEvents: string[] | null;
}

// The EyeMail's creator, or a member following it.
export type RecipientOfSnippet = OwnerOfSnippet & { creator: boolean };

export interface NewNotification {
  userId: string;
  snippetId: string;
  receiver: string;
  kind: string;
  occurredAt: Date;
  mailState: Exclude<MailState, 'digested'>;
  // What caused it (notification-jobs.ts notificationKeyOf): recorded once.
  eventKey?: string | null;
  // The address it came from (the cap's flood rule), when known.
  ip?: string | null;
}

// An event the owner wants mailed; `flood`: new from an address past what one person does.
export type ClaimKey = WindowKey & { flood?: boolean };
export type ClaimDecision = { action: 'mail' } | { action: 'hold'; digestAt: Date } | CapDecision;

export interface BellItem {
  id: string;
  snippetId: string;
  title: string;
  receiver: string;
  kind: string;
  occurredAt: Date;
  read: boolean;
}

export interface WindowKey {
  userId: string;
  snippetId: string;
  receiver: string;
}

// Every statement of the notifications (raw SQL on the tables of migration 0017).
@Injectable()
export class NotificationRepository extends NotificationStatements {
  // Whom these EyeMails' events reach, one statement for any number: each creator still a member of
  // its workspace, and each active member following it (docs/notifications.md "Following an
  // EyeMail"; a creator or follower who left or was removed is not, from the next fan-out on: they
  // lost access to its reports; a follower's accountEvents is null: only their choice counts).
  recipients(snippetIds: string[]): Promise<RecipientOfSnippet[]> {
    return this.query<RecipientOfSnippet>(
      `with s as (select id, title, owner_id, workspace_id from snippet where id = any($1::uuid[])),
       p as (
         select s.id as snippet_id, s.owner_id as user_id, true as creator from s
           join workspace_member c on c.workspace_id = s.workspace_id and c.user_id = s.owner_id
         union all
         select s.id, f.user_id, false from s
           join notification_setting f on f.snippet_id = s.id and f.user_id <> s.owner_id and cardinality(f.events) > 0
           join workspace_member m on m.workspace_id = s.workspace_id and m.user_id = f.user_id
       )
       select s.id::text as "snippetId", u.id::text as "userId", s.title, u.email, u.first_name as "firstName",
         d.events as "accountEvents", o.events as "snippetEvents", p.creator
       from p join s on s.id = p.snippet_id join app_user u on u.id = p.user_id
       left join notification_setting d on p.creator and d.user_id = u.id and d.snippet_id is null
       left join notification_setting o on o.user_id = u.id and o.snippet_id = s.id
       where p.creator or u.is_active order by s.id, p.creator desc, u.id`,
      [textArray(snippetIds)],
    );
  }

  // Claims the mails of a fan-out's events, in their order, for their (owner, EyeMail, recipient)
  // windows, in one transaction of a few statements whatever their number (a transaction of
  // four per event kept the fan-out at a few dozen events a second): every window is made if
  // missing and locked (in one order, so two fan-outs cannot deadlock; the prune cannot delete a
  // locked one), the throttle decides each event in turn as if they came one by one (the first
  // after a quiet hour mails, the rest are held for the digest), then the cap of the owner and
  // EyeMail (notification-cap.ts: past it, or from an address flood, capped for the summary),
  // and the windows are written back.
  async claimAll(keys: readonly ClaimKey[], now: Date, windowMs: number, cap: { max: number; windowMs: number }): Promise<ClaimDecision[]> {
    if (!keys.length) return [];
    const id = (k: WindowKey) => `${k.userId}|${k.snippetId}|${k.receiver}`;
    const distinct = [...new Map(keys.map((k) => [id(k), k])).values()].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
    const cols = (list: readonly WindowKey[]) => [list.map((k) => k.userId), list.map((k) => k.snippetId), list.map((k) => k.receiver)].map((l) => textArray(l));
    return this.client()
      .transaction()
      .execute(async (trx) => {
        const run = runOn(trx);
        // An upsert that locks each row it finds (and returns its times).
        const rows = await run<WindowKey & { lastMailAt: Date; digestAt: Date | null }>(
          `insert into notification_window (user_id, snippet_id, receiver, last_mail_at)
           select u, s, r, 'epoch' from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as k(u, s, r, n) order by n
           on conflict (user_id, snippet_id, receiver) do update set last_mail_at = notification_window.last_mail_at
           returning user_id::text as "userId", snippet_id::text as "snippetId", receiver, last_mail_at as "lastMailAt", digest_at as "digestAt"`,
          cols(distinct),
        );
        const windows = new Map(rows.map((w) => [id(w), { lastMailAt: new Date(w.lastMailAt), mailed: false, digestAt: null as Date | null }]));
        const caps = await lockCaps(run, keys);
        const decisions = keys.map((k): ClaimDecision => {
          const w = windows.get(id(k))!;
          const c = caps.get(capId(k))!;
          const decision = k.flood ? capFlood(c, now, cap.windowMs) : throttleDecision(w.lastMailAt, now, windowMs);
          const final = decision.action === 'mail' ? capDecision(c, now, cap.windowMs, cap.max) : decision;
          if (final.action === 'capped') c.digestAt ??= final.digestAt;
          if (final.action === 'hold') w.digestAt ??= final.digestAt;
          if (final.action === 'mail') {
            w.lastMailAt = now;
            w.mailed = true;
          }
          // The window's start, its count of mails or its summary changed.
          if (final.action !== 'hold') c.changed = true;
          return final;
        });
        await writeCaps(run, caps);
        const changed = distinct.filter((k) => windows.get(id(k))!.mailed || windows.get(id(k))!.digestAt);
        if (changed.length) {
          await run(
            `update notification_window w set last_mail_at = case when c.mailed then $4::timestamptz else w.last_mail_at end, digest_at = coalesce(w.digest_at, c.digest_at)
             from unnest($1::uuid[], $2::uuid[], $3::text[], $5::boolean[], $6::timestamptz[]) as c(u, s, r, mailed, digest_at)
             where w.user_id = c.u and w.snippet_id = c.s and w.receiver = c.r`,
            [
              ...cols(changed),
              now,
              `{${changed.map((k) => String(windows.get(id(k))!.mailed)).join(',')}}`,
              textArray(changed.map((k) => windows.get(id(k))!.digestAt?.toISOString() ?? null)),
            ],
          );
        }
        return decisions;
      });
  }

  async insertEvents(rows: NewNotification[]): Promise<void> {
    if (!rows.length) return;
    await this.query(
      `insert into notification_event (user_id, snippet_id, receiver, kind, occurred_at, mail_state, event_key, ip)
       select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::inet[])
       on conflict (event_key) where event_key is not null do nothing`,
      [
        rows.map((r) => r.userId),
        rows.map((r) => r.snippetId),
        rows.map((r) => r.receiver),
        rows.map((r) => r.kind),
        rows.map((r) => new Date(r.occurredAt).toISOString()),
        rows.map((r) => r.mailState),
        rows.map((r) => r.eventKey ?? null),
        rows.map((r) => r.ip ?? null),
      ].map((l) => textArray(l)),
    );
  }

  // Those of these keys whose event is recorded already.
  async recordedKeys(keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.query<{ k: string }>('select event_key as k from notification_event where event_key = any($1::text[])', [textArray(keys)]);
    return new Set(rows.map((r) => r.k));
  }

  dueDigests(now: Date): Promise<(WindowKey & { digestAt: Date })[]> {
    return rawSql(this.orm, `select user_id::text as "userId", snippet_id::text as "snippetId", receiver, digest_at as "digestAt" from notification_window where digest_at <= ? order by digest_at limit 500`, [now]);
  }

  // The digest's events, taken under the window's lock: marked digested, the window's mail time
  // set to now and its digest cleared. Empty when another run took them.
  async takeHeld(key: WindowKey, now: Date): Promise<{ kind: string; occurredAt: Date }[]> {
    const held = await this.takeDue('notification_window', key, 'held', { last_mail_at: now });
    return held.map(({ kind, occurredAt }) => ({ kind, occurredAt })).sort((a, b) => new Date(a.occurredAt).getTime() - new Date(b.occurredAt).getTime());
  }

  async latest(userId: string, limit: number): Promise<{ items: BellItem[]; unread: number }> {
    const items = await rawSql<BellItem>(
      this.orm,
      `select e.id::text as id, e.snippet_id::text as "snippetId", s.title, e.receiver, e.kind, e.occurred_at as "occurredAt", e.read_at is not null as read
       from notification_event e join snippet s on s.id = e.snippet_id where e.user_id = ? order by e.id desc limit ?`,
      [userId, limit],
    );
    const [c] = await rawSql<{ n: number }>(this.orm, 'select count(*)::int as n from notification_event where user_id = ? and read_at is null', [userId]);
    return { items, unread: c.n };
  }

  // The unread count of each of these users (0 for one with none), in one statement: the bell's
  // streams (bell-hub.service.ts) ask for every user connected to this process at once.
  async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map(userIds.map((id) => [id, 0]));
    if (!userIds.length) return counts;
    const rows = await this.query<{ u: string; n: number }>('select user_id::text as u, count(*)::int as n from notification_event where user_id = any($1::uuid[]) and read_at is null group by user_id', [textArray(userIds)]);
    for (const r of rows) counts.set(r.u, r.n);
    return counts;
  }

  async markRead(userId: string): Promise<void> {
    await rawSql(this.orm, 'update notification_event set read_at = now() where user_id = ? and read_at is null', [userId]);
  }

  async settings(userId: string): Promise<{ snippetId: string | null; events: string[] }[]> {
    return rawSql(this.orm, `select snippet_id::text as "snippetId", events from notification_setting where user_id = ?`, [userId]);
  }

  // Whether a mail's unsubscribe link may keep a choice for this EyeMail: its creator's, or a
  // member's of its workspace (a follower's).
  async ownsSnippet(userId: string, snippetId: string): Promise<boolean> {
    const sql = `select 1 from snippet s where s.id = ? and (s.owner_id = ? or exists (select 1 from workspace_member m where m.workspace_id = s.workspace_id and m.user_id = ?))`;
    return (await rawSql(this.orm, sql, [snippetId, userId, userId])).length > 0;
  }

  // The EyeMail's creator when it is in this workspace (the caller's current one), else null (404).
  async snippetInWorkspace(snippetId: string, workspaceId: string): Promise<{ creatorId: string } | null> {
    const [row] = await rawSql<{ creatorId: string }>(this.orm, 'select owner_id::text as "creatorId" from snippet where id = ? and workspace_id = ?', [snippetId, workspaceId]);
    return row ?? null;
  }

  // `em`: a transaction's entity manager to run in (an EyeMail's save), else a statement of its own.
  async saveSetting(userId: string, snippetId: string | null, events: string[], em?: EntityManager): Promise<void> {
    const target = snippetId ? '(user_id, snippet_id) where snippet_id is not null' : '(user_id) where snippet_id is null';
    await this.run(
      em,
      `insert into notification_setting (user_id, snippet_id, events) values (?, ?, ?::text[])
       on conflict ${target} do update set events = excluded.events, updated_at = now()`,
      [userId, snippetId, textArray(events)],
    );
  }

  async clearSetting(userId: string, snippetId: string, em?: EntityManager): Promise<void> {
    await this.run(em, 'delete from notification_setting where user_id = ? and snippet_id = ?', [userId, snippetId]);
  }

  // In the transaction of `em` (em.execute joins it; a connection's execute would not), or alone.
  private run(em: EntityManager | undefined, query: string, params: unknown[]): Promise<unknown> {
    return em ? em.execute(query, params, 'all') : rawSql(this.orm, query, params);
  }

  async turnAllOff(userId: string): Promise<void> {
    await rawSql(this.orm, `update notification_setting set events = '{}', updated_at = now() where user_id = ?`, [userId]);
    await this.saveSetting(userId, null, []);
  }

  // Windows whose digest is not due and whose hour has run (a claim holding one locks it first;
  // the delete then sees its new mail time and keeps it).
  async pruneWindows(cutoff: Date): Promise<number> {
    const rows = await rawSql(this.orm, 'delete from notification_window where digest_at is null and last_mail_at < ? returning 1', [cutoff]);
    return rows.length;
  }

  // Each owner's events beyond their latest `keep`, but for those still held for a digest or
  // capped for a summary; in batches, so no statement runs long.
  async pruneEvents(keep: number, batch = 5_000): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await rawSql(
        this.orm,
        `delete from notification_event where id in (
           select id from (select id, row_number() over (partition by user_id order by id desc) as n from notification_event where mail_state not in ('held', 'capped')) r
           where n > ? limit ?)
         returning 1`,
        [keep, batch],
      );
      removed += rows.length;
      if (rows.length < batch) return removed;
    }
  }
}
