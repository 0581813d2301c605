import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';

// The health check's one query: is the database answering? (It owns no table.)
@Injectable()
export class HealthRepository {
  constructor(private readonly orm: MikroORM) {}

  // Throws when the database cannot be reached.
  async ping(): Promise<void> {
    await rawSql(this.orm, 'select 1');
  }
}
