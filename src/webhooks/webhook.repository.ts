import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import type { SqlExecutor } from '../engagement/engagement-events.js';
import { deliveryIdOf } from './webhook-jobs.js';

export interface EndpointRow {
  id: string;
  // who made it (told when it is turned off)
  userId: string;
  workspaceId: string;
  url: string;
  description: string | null;
  events: string[];
  snippetIds: string[] | null;
  secret: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}

export interface EndpointFields {
  url: string;
  description: string | null;
  events: string[];
  snippetIds: string[] | null;
}

export interface NewDelivery {
  endpointId: string;
  batchId: string;
  eventType: string;
  eventKey: string;
  payload: string;
}

export interface DeliveryToSend {
  id: string;
  endpointId: string;
  eventType: string;
  payload: string;
  state: string;
  url: string;
  secret: string;
  enabled: boolean;
  userId: string;
}

export interface NewAttempt {
  deliveryId: string;
  endpointId: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  error: string | null;
}

export interface AttemptRow {
  deliveryId: string;
  eventType: string;
  deliveryState: string;
  attemptedAt: Date;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  error: string | null;
}

const ENDPOINT_COLUMNS = `id, user_id as "userId", workspace_id as "workspaceId", url, description, events, snippet_ids as "snippetIds", secret, enabled,
  disabled_reason as "disabledReason", failing_since as "failingSince", created_at as "createdAt"`;

// A PostgreSQL array literal (one parameter, whatever the driver does with arrays); null is NULL.
const textArray = (list: readonly (string | null)[]) => `{${list.map((x) => (x === null ? 'NULL' : `"${x.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

// The webhook_endpoint, webhook_delivery and webhook_attempt tables, only here.
@Injectable()
export class WebhookRepository {
  constructor(private readonly orm: MikroORM) {}

  // An endpoint of the workspace, made by `userId`.
  async insertEndpoint(workspaceId: string, userId: string, fields: EndpointFields, secret: string): Promise<EndpointRow> {
    const [row] = await rawSql<EndpointRow>(
      this.orm,
      `insert into webhook_endpoint (id, workspace_id, user_id, url, description, events, snippet_ids, secret)
       values (?, ?, ?, ?, ?, ?::text[], ?::uuid[], ?) returning ${ENDPOINT_COLUMNS}`,
      [randomUUID(), workspaceId, userId, fields.url, fields.description, textArray(fields.events), fields.snippetIds ? textArray(fields.snippetIds) : null, secret],
    );
    return row;
  }

  // Every statement below on endpoints by id also names the workspace: another workspace's
  // endpoint is not found, like a missing one.
  countIn(workspaceId: string): Promise<number> {
    return rawSql<{ n: string }>(this.orm, 'select count(*) as n from webhook_endpoint where workspace_id = ?', [workspaceId]).then(([r]) => Number(r.n));
  }

  listIn(workspaceId: string): Promise<EndpointRow[]> {
    return rawSql<EndpointRow>(this.orm, `select ${ENDPOINT_COLUMNS} from webhook_endpoint where workspace_id = ? order by created_at, id`, [workspaceId]);
  }

  async findIn(workspaceId: string, id: string): Promise<EndpointRow | null> {
    const rows = await rawSql<EndpointRow>(this.orm, `select ${ENDPOINT_COLUMNS} from webhook_endpoint where id = ? and workspace_id = ?`, [id, workspaceId]);
    return rows[0] ?? null;
  }

  async update(workspaceId: string, id: string, fields: Partial<EndpointFields> & { enabled?: boolean }): Promise<EndpointRow | null> {
    const sets: string[] = [];
    const params: unknown[] = [];
    if (fields.url !== undefined) sets.push('url = ?') && params.push(fields.url);
    if (fields.description !== undefined) sets.push('description = ?') && params.push(fields.description);
    if (fields.events !== undefined) sets.push('events = ?::text[]') && params.push(textArray(fields.events));
    if (fields.snippetIds !== undefined) sets.push('snippet_ids = ?::uuid[]') && params.push(fields.snippetIds ? textArray(fields.snippetIds) : null);
    if (fields.enabled !== undefined) {
      sets.push('enabled = ?') && params.push(fields.enabled);
      // Turned back on: its failures so far no longer count.
      if (fields.enabled) sets.push('disabled_reason = null', 'failing_since = null');
      else sets.push(`disabled_reason = 'Turned off by you.'`);
    }
    sets.push('updated_at = now()');
    const rows = await rawSql<EndpointRow>(this.orm, `update webhook_endpoint set ${sets.join(', ')} where id = ? and workspace_id = ? returning ${ENDPOINT_COLUMNS}`, [...params, id, workspaceId]);
    return rows[0] ?? null;
  }

  async setSecret(workspaceId: string, id: string, secret: string): Promise<boolean> {
    const rows = await rawSql(this.orm, 'update webhook_endpoint set secret = ?, updated_at = now() where id = ? and workspace_id = ? returning id', [secret, id, workspaceId]);
    return rows.length > 0;
  }

  // The endpoint's address when it was the workspace's and is gone now, else null.
  async delete(workspaceId: string, id: string): Promise<string | null> {
    const rows = await rawSql<{ url: string }>(this.orm, 'delete from webhook_endpoint where id = ? and workspace_id = ? returning url', [id, workspaceId]);
    return rows[0]?.url ?? null;
  }

  // `query`: on another statement's connection (the ingest's transaction) instead of the pool's.
  async anyEnabled(query?: SqlExecutor): Promise<boolean> {
    const sql = 'select 1 from webhook_endpoint where enabled limit 1';
    const rows = query ? (await query(sql, [])).rows : await rawSql(this.orm, sql);
    return rows.length > 0;
  }

  // The enabled endpoints that want events of these EyeMails: each (endpoint, EyeMail) pair with
  // the endpoint's events and the EyeMail's title. An endpoint hears the EyeMails of its own
  // workspace, whoever made them.
  endpointsFor(snippetIds: readonly string[]): Promise<{ endpointId: string; snippetId: string; events: string[]; title: string; createdAt: Date }[]> {
    return rawSql(
      this.orm,
      `select e.id as "endpointId", s.id as "snippetId", e.events, s.title, e.created_at as "createdAt"
       from snippet s join webhook_endpoint e on e.workspace_id = s.workspace_id and e.enabled
       where s.id = any(?::uuid[]) and (e.snippet_ids is null or s.id = any(e.snippet_ids))`,
      [textArray(snippetIds)],
    );
  }

  // Adds the deliveries not added before (a job run again, or an event fanned out again, adds
  // nothing twice; the id comes from the endpoint and the event key).
  async insertDeliveries(rows: readonly NewDelivery[]): Promise<void> {
    if (!rows.length) return;
    await rawSql(
      this.orm,
      `insert into webhook_delivery (id, endpoint_id, batch_id, event_type, event_key, payload)
       select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[])
       on conflict (endpoint_id, event_key) do nothing`,
      [rows.map((r) => deliveryIdOf(r.endpointId, r.eventKey)), rows.map((r) => r.endpointId), rows.map((r) => r.batchId), rows.map((r) => r.eventType), rows.map((r) => r.eventKey), rows.map((r) => r.payload)].map((list) =>
        textArray(list),
      ),
    );
  }

  // The still-pending deliveries a job made.
  pendingOfBatch(batchId: string): Promise<{ id: string; endpointId: string }[]> {
    return rawSql(this.orm, `select id, endpoint_id as "endpointId" from webhook_delivery where batch_id = ? and state = 'pending' order by created_at, id`, [batchId]);
  }

  // The still-pending deliveries among these, with their endpoint.
  deliveriesToSend(ids: readonly string[]): Promise<DeliveryToSend[]> {
    return rawSql<DeliveryToSend>(
      this.orm,
      `select d.id, d.endpoint_id as "endpointId", d.event_type as "eventType", d.payload, d.state, e.url, e.secret, e.enabled, e.user_id as "userId"
       from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
       where d.id = any(?::uuid[]) and d.state = 'pending' order by d.created_at, d.id`,
      [textArray(ids)],
    );
  }

  // The tries of one round, in one statement.
  async recordAttempts(list: readonly NewAttempt[]): Promise<void> {
    if (!list.length) return;
    await rawSql(
      this.orm,
      `with a as (
         insert into webhook_attempt (delivery_id, endpoint_id, succeeded, status_code, duration_ms, response_start, error)
         select * from unnest(?::uuid[], ?::uuid[], ?::boolean[], ?::int[], ?::int[], ?::text[], ?::text[]) returning delivery_id)
       update webhook_delivery set attempts = attempts + 1 where id in (select delivery_id from a)`,
      [
        textArray(list.map((a) => a.deliveryId)),
        textArray(list.map((a) => a.endpointId)),
        `{${list.map((a) => String(a.succeeded)).join(',')}}`,
        `{${list.map((a) => (a.statusCode === null ? 'NULL' : String(a.statusCode))).join(',')}}`,
        `{${list.map((a) => String(a.durationMs)).join(',')}}`,
        textArray(list.map((a) => a.responseStart)),
        textArray(list.map((a) => a.error)),
      ],
    );
  }

  async finishDeliveries(ids: readonly string[], state: 'delivered' | 'failed' | 'skipped'): Promise<void> {
    if (!ids.length) return;
    await rawSql(this.orm, `update webhook_delivery set state = ?, finished_at = now() where id = any(?::uuid[]) and state = 'pending'`, [state, textArray(ids)]);
  }

  async markHealthy(endpointId: string): Promise<void> {
    await rawSql(this.orm, 'update webhook_endpoint set failing_since = null where id = ? and failing_since is not null', [endpointId]);
  }

  // Since when the endpoint has failed (now, if this is its first failure since a success).
  async markFailing(endpointId: string): Promise<Date | null> {
    const rows = await rawSql<{ failingSince: Date }>(
      this.orm,
      'update webhook_endpoint set failing_since = coalesce(failing_since, now()) where id = ? returning failing_since as "failingSince"',
      [endpointId],
    );
    return rows[0] ? new Date(rows[0].failingSince) : null;
  }

  // true when this call turned it off (so its owner is told once).
  async disable(endpointId: string, reason: string): Promise<boolean> {
    const rows = await rawSql(this.orm, 'update webhook_endpoint set enabled = false, disabled_reason = ?, updated_at = now() where id = ? and enabled returning id', [reason, endpointId]);
    return rows.length > 0;
  }

  attemptsOf(endpointId: string, limit: number): Promise<AttemptRow[]> {
    return rawSql<AttemptRow>(
      this.orm,
      `select a.delivery_id as "deliveryId", d.event_type as "eventType", d.state as "deliveryState", a.attempted_at as "attemptedAt", a.succeeded,
         a.status_code as "statusCode", a.duration_ms as "durationMs", a.response_start as "responseStart", a.error
       from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id
       where a.endpoint_id = ? order by a.attempted_at desc, a.id desc limit ?`,
      [endpointId, limit],
    );
  }

  // Deliveries (and their tries) finished before `before`: the log keeps 30 days.
  async purgeFinished(before: Date): Promise<void> {
    await rawSql(this.orm, `delete from webhook_delivery where state <> 'pending' and created_at < ?`, [before]);
  }
}
