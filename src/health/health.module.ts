import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthChecks } from './health-checks.js';

@Global()
@Module({ controllers: [HealthController], providers: [HealthChecks], exports: [HealthChecks] })
export class HealthModule {}
