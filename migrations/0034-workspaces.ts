import { Migration } from '@mikro-orm/migrations';

// Workspaces: every object belongs to one, a user's personal workspace or a company's. A
// personal workspace has its user's id and a company's has its company's id, so what each user
// owned before lands in their personal workspace unchanged (workspace_id = owner_id) and nothing
// changes hands.
//
// Every user has a personal workspace from the moment the row exists, and every company a
// workspace with its owner as the one owner: triggers keep it so whatever inserts the row. A row
// written without workspace_id (a writer older than this migration) goes to its creator's
// personal workspace.
const CONTENT: ReadonlyArray<readonly [table: string, creator: string]> = [
  ['media_file', 'owner_id'],
  ['video_encoding', 'owner_id'],
  ['snippet', 'owner_id'],
  ['resumable_upload', 'owner_id'],
  ['api_token', 'user_id'],
  ['feed_link', 'user_id'],
  ['webhook_endpoint', 'user_id'],
];

export class Migration0034Workspaces extends Migration {
  override up(): void {
    this.addSql(`create table workspace (
      id uuid primary key,
      kind text not null check (kind in ('personal', 'company')),
      user_id uuid null unique references app_user (id) on delete cascade,
      company_id uuid null unique references company (id) on delete cascade,
      created_at timestamptz not null default now(),
      check ((kind = 'personal') = (user_id is not null) and (kind = 'company') = (company_id is not null))
    )`);
    this.addSql(`create table workspace_member (
      workspace_id uuid not null references workspace (id) on delete cascade,
      user_id uuid not null references app_user (id) on delete cascade,
      role text not null check (role in ('owner', 'admin', 'editor', 'viewer')),
      created_at timestamptz not null default now(),
      primary key (workspace_id, user_id)
    )`);
    this.addSql(`create unique index workspace_member_one_owner_uidx on workspace_member (workspace_id) where role = 'owner'`);
    this.addSql('create index workspace_member_user_idx on workspace_member (user_id)');

    this.addSql(`insert into workspace (id, kind, user_id, created_at) select id, 'personal', id, created_at from app_user`);
    this.addSql(`insert into workspace_member (workspace_id, user_id, role, created_at) select id, id, 'owner', created_at from app_user`);
    this.addSql(`insert into workspace (id, kind, company_id, created_at) select id, 'company', id, created_at from company`);
    this.addSql(`insert into workspace_member (workspace_id, user_id, role, created_at)
      select c.id, c.owner_user_id, 'owner', c.created_at from company c join app_user u on u.id = c.owner_user_id`);
    // Members who signed up with a company before there were roles: editors of it.
    this.addSql(`insert into workspace_member (workspace_id, user_id, role, created_at)
      select u.company_id, u.id, 'editor', u.created_at from app_user u
      where u.company_id is not null and not exists (select 1 from workspace_member m where m.workspace_id = u.company_id and m.user_id = u.id)`);

    this.addSql(`create function workspace_for_new_user() returns trigger language plpgsql as $$
      begin
        insert into workspace (id, kind, user_id) values (new.id, 'personal', new.id);
        insert into workspace_member (workspace_id, user_id, role) values (new.id, new.id, 'owner');
        return new;
      end $$`);
    this.addSql(`create trigger app_user_personal_workspace after insert on app_user for each row execute function workspace_for_new_user()`);
    this.addSql(`create function workspace_for_company() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into workspace (id, kind, company_id) values (new.id, 'company', new.id);
        end if;
        if new.owner_user_id is not null and (tg_op = 'INSERT' or old.owner_user_id is distinct from new.owner_user_id) then
          update workspace_member set role = 'admin' where workspace_id = new.id and role = 'owner' and user_id <> new.owner_user_id;
          insert into workspace_member (workspace_id, user_id, role) values (new.id, new.owner_user_id, 'owner')
            on conflict (workspace_id, user_id) do update set role = 'owner';
        end if;
        return new;
      end $$`);
    this.addSql(`create trigger company_workspace after insert or update of owner_user_id on company for each row execute function workspace_for_company()`);

    this.addSql(`create function workspace_of_creator() returns trigger language plpgsql as $$
      begin
        new.workspace_id := (to_jsonb(new) ->> tg_argv[0])::uuid;
        return new;
      end $$`);
    for (const [table, creator] of CONTENT) {
      this.addSql(`alter table ${table} add column workspace_id uuid null references workspace (id) on delete cascade`);
      this.addSql(`update ${table} set workspace_id = ${creator}`);
      this.addSql(`alter table ${table} alter column workspace_id set not null`);
      this.addSql(`create trigger ${table}_default_workspace before insert on ${table} for each row when (new.workspace_id is null) execute function workspace_of_creator('${creator}')`);
      this.addSql(`create index ${table}_workspace_idx on ${table} (workspace_id)`);
    }
  }

  override down(): void {
    for (const [table] of CONTENT) {
      this.addSql(`drop trigger ${table}_default_workspace on ${table}`);
      this.addSql(`alter table ${table} drop column workspace_id`);
    }
    this.addSql('drop function workspace_of_creator()');
    this.addSql('drop trigger company_workspace on company');
    this.addSql('drop function workspace_for_company()');
    this.addSql('drop trigger app_user_personal_workspace on app_user');
    this.addSql('drop function workspace_for_new_user()');
    this.addSql('drop table workspace_member');
    this.addSql('drop table workspace');
  }
}
