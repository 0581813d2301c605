import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';

export interface ApiTokenRow {
  id: string;
  userId: string;
  // the workspace the token reads (the one it was made in)
  workspaceId: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const TOKEN_COLUMNS = 'id, user_id as "userId", workspace_id as "workspaceId", name, prefix, scopes, created_at as "createdAt", last_used_at as "lastUsedAt"';

// The api_token and feed_link tables, only here.
@Injectable()
export class ApiTokenRepository {
  constructor(private readonly orm: MikroORM) {}

  async insert(fields: { userId: string; workspaceId: string; name: string; tokenHash: string; prefix: string; scopes: string[] }): Promise<ApiTokenRow> {
    const [row] = await rawSql<ApiTokenRow>(
      this.orm,
      `insert into api_token (id, user_id, workspace_id, name, token_hash, prefix, scopes) values (?, ?, ?, ?, ?, ?, ?::text[]) returning ${TOKEN_COLUMNS}`,
      [randomUUID(), fields.userId, fields.workspaceId, fields.name, fields.tokenHash, fields.prefix, `{${fields.scopes.join(',')}}`],
    );
    return row;
  }

  countIn(workspaceId: string): Promise<number> {
    return rawSql<{ n: string }>(this.orm, 'select count(*) as n from api_token where workspace_id = ?', [workspaceId]).then(([r]) => Number(r.n));
  }

  // The workspace's tokens, whoever made them.
  listIn(workspaceId: string): Promise<ApiTokenRow[]> {
    return rawSql<ApiTokenRow>(this.orm, `select ${TOKEN_COLUMNS} from api_token where workspace_id = ? order by created_at desc, id`, [workspaceId]);
  }

  // The token's name when it was the workspace's and is gone now, else null.
  async delete(workspaceId: string, id: string): Promise<string | null> {
    const rows = await rawSql<{ name: string }>(this.orm, 'delete from api_token where id = ? and workspace_id = ? returning name', [id, workspaceId]);
    return rows[0]?.name ?? null;
  }

  async findByHash(tokenHash: string): Promise<ApiTokenRow | null> {
    const rows = await rawSql<ApiTokenRow>(this.orm, `select ${TOKEN_COLUMNS} from api_token where token_hash = ?`, [tokenHash]);
    return rows[0] ?? null;
  }

  async touch(id: string): Promise<void> {
    await rawSql(this.orm, 'update api_token set last_used_at = now() where id = ?', [id]);
  }

  async findFeedLink(snippetId: string): Promise<{ userId: string; workspaceId: string; nonce: string; createdAt: Date } | null> {
    const rows = await rawSql<{ userId: string; workspaceId: string; nonce: string; createdAt: Date }>(
      this.orm,
      'select user_id as "userId", workspace_id as "workspaceId", nonce, created_at as "createdAt" from feed_link where snippet_id = ?',
      [snippetId],
    );
    return rows[0] ?? null;
  }

  // A new nonce for the EyeMail's link (the old key stops working at once), made by `userId` in
  // the EyeMail's workspace.
  async saveFeedLink(snippetId: string, workspaceId: string, userId: string, nonce: string): Promise<Date> {
    const [row] = await rawSql<{ createdAt: Date }>(
      this.orm,
      `insert into feed_link (snippet_id, workspace_id, user_id, nonce) values (?, ?, ?, ?)
       on conflict (snippet_id) do update set nonce = excluded.nonce, user_id = excluded.user_id, workspace_id = excluded.workspace_id, created_at = now()
       returning created_at as "createdAt"`,
      [snippetId, workspaceId, userId, nonce],
    );
    return row.createdAt;
  }

  // Turns off the link `userId` made of the EyeMail in this workspace; true when there was one.
  async deleteFeedLink(snippetId: string, workspaceId: string, userId: string): Promise<boolean> {
    const rows = await rawSql<{ snippetId: string }>(
      this.orm,
      'delete from feed_link where snippet_id = ? and workspace_id = ? and user_id = ? returning snippet_id as "snippetId"',
      [snippetId, workspaceId, userId],
    );
    return rows.length > 0;
  }
}
