import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthChecks } from './health-checks.js';
import { HealthRepository } from './health.repository.js';

@Global()
@Module({ controllers: [HealthController], providers: [HealthChecks, HealthRepository], exports: [HealthChecks] })
export class HealthModule {}
