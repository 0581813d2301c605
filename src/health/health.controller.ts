import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { HealthChecks } from '../common/health-checks.js';
import { HealthRepository } from './health.repository.js';
import { ApiResult } from '../common/api-response.js';
import { Public } from '../common/auth/auth.decorators.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: HealthRepository,
    private readonly checks: HealthChecks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Database (and, when configured, Redis and storage) reachability' })
  async health(@Res({ passthrough: true }) res: Response) {
    const started = Date.now();
    const components: Record<string, { status: 'up' | 'down'; detail?: string }> = {};
    try {
      await this.database.ping();
      components.database = { status: 'up', detail: this.config.databaseUrl ? 'postgresql' : 'embedded' };
    } catch (e) {
      components.database = { status: 'down', detail: (e as Error).message.slice(0, 120) };
    }
    for (const [name, check] of this.checks.all()) {
      try {
        components[name] = { status: 'up', detail: await check() };
      } catch (e) {
        components[name] = { status: 'down', detail: (e as Error).message.slice(0, 120) };
      }
    }
    const healthy = Object.values(components).every((c) => c.status === 'up');
    res.status(healthy ? 200 : 503);
    return new ApiResult({ status: healthy ? 'up' : 'down', components, tookMs: Date.now() - started }, healthy ? 'OK' : 'Unhealthy', healthy);
  }
}
