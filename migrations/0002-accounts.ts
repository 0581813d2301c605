import { Migration } from '@mikro-orm/migrations';
import { COUNTRIES } from './data/countries.js';
import { TIMEZONES } from './data/timezones.js';

// A SQL string literal; the seed data is committed and static, but quote it properly anyway.
function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

// Accounts: reference lists (countries, time zones), companies, users and their one-time tokens.
export class Migration0002Accounts extends Migration {
  override up(): void {
    this.addSql(`create table country (
      id integer primary key,
      code char(2) not null unique,
      name text not null
    )`);
    this.addSql(`insert into country (id, code, name) values ${COUNTRIES.map(([id, code, name]) => `(${id}, ${lit(code)}, ${lit(name)})`).join(', ')}`);

    this.addSql(`create table timezone (
      id integer primary key,
      name text not null unique
    )`);
    this.addSql(`insert into timezone (id, name) values ${TIMEZONES.map(([id, name]) => `(${id}, ${lit(name)})`).join(', ')}`);

    this.addSql(`create table company (
      id uuid primary key,
      name text not null,
      domain text not null,
      department text not null,
      invite_code text null,
      owner_user_id uuid null,
      created_at timestamptz not null default now()
    )`);

    this.addSql(`create table app_user (
      id uuid primary key,
      email text not null check (email = btrim(email) and length(email) between 3 and 254),
      password_hash text not null,
      first_name text not null,
      last_name text null,
      phone_number text null,
      tier text not null check (tier in ('standard', 'enterprise')),
      role text not null default 'user' check (role in ('user', 'admin')),
      is_active boolean not null default true,
      email_verified_at timestamptz null,
      profile_picture_file_id uuid null,
      profile_picture_url text null,
      company_id uuid null references company (id) on delete set null,
      country_id integer null references country (id),
      timezone_id integer null references timezone (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      last_activity_at timestamptz null,
      last_sign_in_at timestamptz null,
      password_changed_at timestamptz null
    )`);
    // Addresses are unique whatever their case; sign-in looks them up the same way.
    this.addSql('create unique index app_user_email_lower_uidx on app_user (lower(email))');
    this.addSql('create index app_user_created_at_idx on app_user (created_at)');
    this.addSql('create index app_user_company_id_idx on app_user (company_id)');
    this.addSql('alter table company add constraint company_owner_user_id_fk foreign key (owner_user_id) references app_user (id) on delete set null');

    // Only the SHA-256 of a token is kept: a leaked table cannot be replayed as links.
    this.addSql(`create table auth_token (
      id uuid primary key,
      user_id uuid not null references app_user (id) on delete cascade,
      purpose text not null check (purpose in ('verify_email', 'reset_password')),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz null
    )`);
    this.addSql('create index auth_token_user_id_idx on auth_token (user_id, purpose)');
    this.addSql('create index auth_token_expires_at_idx on auth_token (expires_at)');
  }

  override down(): void {
    this.addSql('drop table auth_token');
    this.addSql('alter table company drop constraint company_owner_user_id_fk');
    this.addSql('drop table app_user');
    this.addSql('drop table company');
    this.addSql('drop table timezone');
    this.addSql('drop table country');
  }
}
