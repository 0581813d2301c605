import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { CommonModule } from './common/common.module.js';
import { HealthModule } from './health/health.module.js';
import { EnvelopeInterceptor } from './common/envelope.interceptor.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { featureModules } from './feature-modules.js';
import { LOG_SERIALIZERS } from './accounts/log-redaction.js';
import { logsHeaders, pathOf, requestForLog, responseForLog, summarisedRoute } from './common/request-log.js';

@Module({})
export class AppModule {
  // `logTo`: where the logs go instead of stdout (the tests read them).
  static forRoot(config: AppConfig, logTo?: DestinationStream): DynamicModule {
    // One short line a request at info, headers only at debug (common/request-log.ts).
    const headers = logsHeaders(config.logLevel);
    const pinoHttp = {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
      // Keys, tokens and recipients' addresses in query strings never reach the logs, whichever
      // field holds the URL (accounts/log-redaction.ts).
      serializers: {
        ...LOG_SERIALIZERS,
        req: (req: Parameters<typeof LOG_SERIALIZERS.req>[0]) => requestForLog(LOG_SERIALIZERS.req(req), headers),
        res: (res: Record<string, unknown>) => responseForLog(res, headers),
      },
      // The signed-in user, once the session is read (pino-http asks again when the response ends).
      customProps: (req: { url?: string }) => {
        const userId = (req as { session?: { userId?: string } }).session?.userId;
        return userId ? { userId } : {};
      },
      // Health checks and built files say nothing; the media and the play reports are summed up
      // (common/hit-log.ts, counted in app.factory.ts).
      autoLogging: { ignore: (req: { url?: string }) => /^\/(api\/health|assets\/)/.test(req.url ?? '') || summarisedRoute(pathOf(req.url)) !== null },
    };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: logTo ? [pinoHttp, logTo] : pinoHttp }),
        DatabaseModule,
        CommonModule,
        HealthModule,
        ...featureModules,
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
