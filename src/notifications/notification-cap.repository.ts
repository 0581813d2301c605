import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, sql, type Kysely, type SqlBool } from 'kysely';
import type { CapState, Sighting } from './notification-cap.js';
import type { NotificationTables } from './notification-tables.js';

// The statements of the cap on immediate mails (notification-cap.ts; table notification_cap and
// the events' addresses, migration 0028). The claim's two run in NotificationRepository.claimAll's
// transaction.

export interface CapKey {
  userId: string;
  snippetId: string;
}

// A window of events kept for later: a digest's (notification_window) or a cap summary's.
type DueWindow = 'notification_window' | 'notification_cap';
export interface TakenEvent {
  receiver: string;
  kind: string;
  occurredAt: Date;
}

export type CapWindow = CapState & { digestAt: Date | null; changed: boolean };
export type Run = <R>(sql: string, params: readonly unknown[]) => Promise<R[]>;

// A Postgres array literal (the driver would spread a JS array into a list of parameters).
export const textArray = (list: readonly (string | null)[]) => `{${list.map((x) => (x === null ? 'NULL' : `"${x.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
export const capId = (k: CapKey) => `${k.userId}|${k.snippetId}`;

// Makes each (owner, EyeMail) cap window that is missing and locks them all, in one order (two
// claims cannot deadlock); a new one has no window yet (the epoch: long over).
export async function lockCaps(run: Run, keys: readonly CapKey[]): Promise<Map<string, CapWindow>> {
  const distinct = [...new Map(keys.map((k) => [capId(k), k])).values()].sort((a, b) => (capId(a) < capId(b) ? -1 : 1));
  const rows = await run<CapKey & { windowStart: Date; mails: number; digestAt: Date | null }>(
    `insert into notification_cap (user_id, snippet_id, window_start, mails)
     select u, s, 'epoch', 0 from unnest($1::uuid[], $2::uuid[]) with ordinality as k(u, s, n) order by n
     on conflict (user_id, snippet_id) do update set mails = notification_cap.mails
     returning user_id::text as "userId", snippet_id::text as "snippetId", window_start as "windowStart", mails, digest_at as "digestAt"`,
    [textArray(distinct.map((k) => k.userId)), textArray(distinct.map((k) => k.snippetId))],
  );
  return new Map(rows.map((r) => [capId(r), { windowStart: new Date(r.windowStart), mails: Number(r.mails), digestAt: r.digestAt ? new Date(r.digestAt) : null, changed: false }]));
}

// Writes back the windows the claim changed (a summary already due keeps its time).
export async function writeCaps(run: Run, caps: ReadonlyMap<string, CapWindow>): Promise<void> {
  const changed = [...caps].filter(([, c]) => c.changed);
  if (!changed.length) return;
  const keys = changed.map(([id]) => id.split('|'));
  await run(
    `update notification_cap c set window_start = n.w, mails = n.m, digest_at = coalesce(c.digest_at, n.d)
     from unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::int[], $5::timestamptz[]) as n(u, s, w, m, d)
     where c.user_id = n.u and c.snippet_id = n.s`,
    [
      textArray(keys.map((k) => k[0])),
      textArray(keys.map((k) => k[1])),
      textArray(changed.map(([, c]) => c.windowStart!.toISOString())),
      `{${changed.map(([, c]) => c.mails).join(',')}}`,
      textArray(changed.map(([, c]) => c.digestAt?.toISOString() ?? null)),
    ],
  );
}

// Runs raw statements on the driver's client, or on one of its transactions.
export const runOn =
  (db: Kysely<NotificationTables>): Run =>
  async <R>(sql: string, params: readonly unknown[]) =>
    (await db.executeQuery<R>(CompiledQuery.raw(sql, [...params]))).rows as R[];

// What both repositories of the notifications start from: the driver's own client (Kysely) under
// the ORM's connection. A transaction of it runs every statement on its connection, and its
// statements bind arrays as parameters (native ones, sent as they are; through the ORM's execute,
// each array's text was escaped into the statement character by character: every fan-out, each
// load of the ingest's journal, paid for it).
@Injectable()
export abstract class NotificationStatements {
  constructor(protected readonly orm: MikroORM) {}

  protected client(): Kysely<NotificationTables> {
    return this.orm.em.getConnection().getClient() as Kysely<NotificationTables>;
  }

  protected query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    return runOn(this.client())<T>(sql, params);
  }

  // The events a window keeps for later (a digest's: `held`, per owner, EyeMail and recipient; a
  // cap summary's: `capped`, per owner and EyeMail), taken under the window's lock: marked
  // digested, the window's digest cleared (and `alsoSet`). Empty when another run took them.
  protected takeDue(window: DueWindow, key: CapKey & { receiver?: string }, state: 'held' | 'capped', alsoSet: { last_mail_at?: Date }): Promise<TakenEvent[]> {
    const columns = [sql`${sql.ref('user_id')} = ${key.userId}`, sql`${sql.ref('snippet_id')} = ${key.snippetId}`, ...(key.receiver === undefined ? [] : [sql`${sql.ref('receiver')} = ${key.receiver}`])];
    const ofKey = sql<SqlBool>`${sql.join(columns, sql` and `)}`;
    return this.client()
      .transaction()
      .execute(async (trx) => {
        const w = await trx.selectFrom(window).select('digest_at').where(ofKey).forUpdate().executeTakeFirst();
        if (!w?.digest_at) return [];
        const taken = await trx
          .updateTable('notification_event')
          .set({ mail_state: 'digested' })
          .where(ofKey)
          .where('mail_state', '=', state)
          .returning(['receiver', 'kind', 'occurred_at as occurredAt'])
          .execute();
        await trx.updateTable(window).set({ digest_at: null, ...alsoSet }).where(ofKey).execute();
        return taken;
      });
  }
}

@Injectable()
export class NotificationCapRepository extends NotificationStatements {
  // The first event of each recipient (and kind) from these addresses on these EyeMails since
  // `since`, as recorded by earlier fan-outs.
  async sightings(pairs: readonly { snippetId: string; ip: string }[], since: Date): Promise<Sighting[]> {
    if (!pairs.length) return [];
    const rows = await this.query<Omit<Sighting, 'at'> & { at: Date }>(
      `select e.snippet_id::text as "snippetId", host(e.ip) as ip, e.receiver, e.kind, min(e.occurred_at) as at
       from notification_event e join unnest($1::uuid[], $2::inet[]) as p(s, ip) on e.snippet_id = p.s and e.ip = p.ip
       where e.occurred_at >= $3 group by 1, 2, 3, 4`,
      [textArray(pairs.map((p) => p.snippetId)), textArray(pairs.map((p) => p.ip)), since.toISOString()],
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at).getTime() }));
  }

  dueSummaries(now: Date): Promise<(CapKey & { digestAt: Date })[]> {
    return this.client()
      .selectFrom('notification_cap')
      .select(['user_id as userId', 'snippet_id as snippetId', 'digest_at as digestAt'])
      .where('digest_at', '<=', now)
      .orderBy('digest_at')
      .limit(500)
      .$narrowType<{ digestAt: Date }>()
      .execute();
  }

  // The summary's events, taken under the cap window's lock: marked digested and the summary
  // cleared. Empty when another run took them.
  async takeCapped(key: CapKey): Promise<{ receiver: string; kind: string }[]> {
    return (await this.takeDue('notification_cap', { userId: key.userId, snippetId: key.snippetId }, 'capped', {})).map(({ receiver, kind }) => ({ receiver, kind }));
  }

  // Cap windows whose time has run with no summary due.
  async prune(cutoff: Date): Promise<number> {
    const done = await this.client().deleteFrom('notification_cap').where('digest_at', 'is', null).where('window_start', '<', cutoff).executeTakeFirst();
    return Number(done.numDeletedRows);
  }
}
