import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimiter } from './rate-limit.service.js';
import { RetryAfterInterceptor } from './rate-limit.interceptor.js';

// The shared rate limiter, available to every module.
@Global()
@Module({
  providers: [RateLimiter, { provide: APP_INTERCEPTOR, useClass: RetryAfterInterceptor }],
  exports: [RateLimiter],
})
export class RateLimitModule {}
