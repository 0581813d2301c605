import crypto from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';

// The app_secret table, only here: random secrets generated once and kept in the database, so
// every instance sharing the database shares them without extra configuration.
@Injectable()
export class AppSecretRepository {
  constructor(private readonly orm: MikroORM) {}

  // The secret of this name, created by whichever instance asks first.
  async loadOrCreate(name: string): Promise<string> {
    const em = this.orm.em.fork();
    await rawSql(em, 'insert into app_secret (name, value) values (?, ?) on conflict (name) do nothing', [name, crypto.randomBytes(48).toString('base64url')]);
    const rows = await rawSql<{ value: string }>(em, 'select value from app_secret where name = ?', [name]);
    return rows[0].value;
  }
}
