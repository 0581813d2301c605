import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PgSessionStore } from '../common/session-store.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import { AuthTokensService } from './auth-tokens.service.js';

const EVERY_MS = 60 * 60 * 1000;

// Hourly clean-up of what expires: server-side sessions, rate-limit windows and one-time link
// tokens (kept a week after expiry for support questions). Deletes are idempotent, so every
// instance may run it.
@Injectable()
export class AccountHousekeepingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Accounts');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly tokens: AuthTokensService,
    private readonly sessions: PgSessionStore,
    private readonly limiter: RateLimiter,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async run(): Promise<void> {
    try {
      await this.sessions.prune();
      await this.limiter.prune();
      await this.tokens.prune();
    } catch (e) {
      this.logger.warn(`Housekeeping failed: ${(e as Error).message}`);
    }
  }
}
