import { Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { HealthChecks } from '../common/health-checks.js';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';
import { SmallMediaCache } from './small-media-cache.service.js';
import { STORAGE, type StorageAdapter } from './storage.adapter.js';

const logger = new Logger('Storage');

// The Google Cloud Storage client is loaded only when GCS_BUCKET is set: unused, it would hold
// several MB of the process's memory (docs/performance-log.md, memory). Logs which was chosen.
export async function createStorageAdapter(config: AppConfig): Promise<StorageAdapter> {
  if (config.gcsBucket) {
    logger.log(`Media in bucket ${config.gcsBucket}`);
    const { GcsStorageAdapter } = await import('./gcs-storage.adapter.js');
    return new GcsStorageAdapter({
      bucket: config.gcsBucket,
      projectId: config.gcsProjectId,
      apiEndpoint: config.gcsApiEndpoint,
      keyFilename: config.gcsKeyFile,
    });
  }
  logger.log('Media in DATA_DIR/media');
  return new LocalStorageAdapter(config.dataDir, config.publicBaseUrl);
}

// Media storage chosen by config (GCS_BUCKET: Google Cloud Storage, else DATA_DIR/media), injected
// as STORAGE, plus the /media/* route and the `storage` health check.
@Module({
  controllers: [MediaController],
  providers: [{ provide: STORAGE, inject: [APP_CONFIG], useFactory: createStorageAdapter }, MediaService, SmallMediaCache],
  // MediaService, SmallMediaCache: the snippets module answers its living media addresses with them.
  exports: [STORAGE, MediaService, SmallMediaCache],
})
export class StorageModule implements OnModuleInit {
  constructor(
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    private readonly checks: HealthChecks,
  ) {}

  onModuleInit(): void {
    this.checks.register('storage', () => this.storage.healthCheck());
  }
}
