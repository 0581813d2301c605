import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import type { Tier } from '../shared/account-rules.js';
import type { UserRole } from '../common/auth/auth-user.js';
import type { WorkspaceKind, WorkspaceRole } from '../shared/workspace-roles.js';

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

// The maker of a token or feed link as the AuthGuard needs them: who they are (the AuthUser's
// fields), whether they may still sign in, and their membership of the credential's workspace.
export interface CallerRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string | null;
  tier: Tier;
  role: UserRole;
  isActive: boolean;
  emailVerifiedAt: Date | null;
  companyId: string | null;
  timezoneId: number | null;
  // the workspace the credential reads
  workspaceId: string;
  // the maker's kind and role there now; null once they are no longer a member
  workspaceKind: WorkspaceKind | null;
  workspaceRole: WorkspaceRole | null;
}

export type TokenCallerRow = CallerRow & Pick<ApiTokenRow, 'id' | 'scopes' | 'lastUsedAt'>;
export type FeedLinkCallerRow = CallerRow & { nonce: string };

// The maker's row (app_user) and their membership (workspace_member, workspace) read with the
// credential, in its own statement, each by its primary key: a request with a credential costs
// one query before the route's own (docs/architecture.md "The path of an API token's report
// read"). `c` is the credential's row (api_token or feed_link).
const CALLER_COLUMNS = `u.id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName", u.tier, u.role,
  u.is_active as "isActive", u.email_verified_at as "emailVerifiedAt", u.company_id as "companyId", u.timezone_id as "timezoneId",
  c.workspace_id as "workspaceId", w.kind as "workspaceKind", m.role as "workspaceRole"`;
const CALLER_JOINS = `join app_user u on u.id = c.user_id
  left join workspace_member m on m.workspace_id = c.workspace_id and m.user_id = c.user_id
  left join workspace w on w.id = m.workspace_id`;

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

  // The token with this hash and its maker (CallerRow), else null.
  async findCallerByHash(tokenHash: string): Promise<TokenCallerRow | null> {
    const rows = await rawSql<TokenCallerRow>(
      this.orm,
      `select c.id, c.scopes, c.last_used_at as "lastUsedAt", ${CALLER_COLUMNS} from api_token c ${CALLER_JOINS} where c.token_hash = ?`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async touch(id: string): Promise<void> {
    await rawSql(this.orm, 'update api_token set last_used_at = now() where id = ?', [id]);
  }

  // The EyeMail's feed link and its maker (CallerRow), else null.
  async findFeedLinkCaller(snippetId: string): Promise<FeedLinkCallerRow | null> {
    const rows = await rawSql<FeedLinkCallerRow>(this.orm, `select c.nonce, ${CALLER_COLUMNS} from feed_link c ${CALLER_JOINS} where c.snippet_id = ?`, [snippetId]);
    return rows[0] ?? null;
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
