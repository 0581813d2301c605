import { Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { HealthChecks } from '../common/health-checks.js';
import { GcsStorageAdapter } from './gcs-storage.adapter.js';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';
import { STORAGE, type StorageAdapter } from './storage.adapter.js';

export function createStorageAdapter(config: AppConfig): StorageAdapter {
  if (config.gcsBucket) {
    return new GcsStorageAdapter({
      bucket: config.gcsBucket,
      projectId: config.gcsProjectId,
      apiEndpoint: config.gcsApiEndpoint,
      keyFilename: config.gcsKeyFile,
    });
  }
  return new LocalStorageAdapter(config.dataDir, config.publicBaseUrl);
}

// Media storage chosen by config (GCS_BUCKET: Google Cloud Storage, else DATA_DIR/media), injected
// as STORAGE, plus the /media/* route and the `storage` health check.
@Module({
  controllers: [MediaController],
  providers: [{ provide: STORAGE, inject: [APP_CONFIG], useFactory: createStorageAdapter }, MediaService],
  exports: [STORAGE],
})
export class StorageModule implements OnModuleInit {
  private readonly logger = new Logger('Storage');

  constructor(
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    private readonly checks: HealthChecks,
  ) {}

  onModuleInit(): void {
    this.checks.register('storage', () => this.storage.healthCheck());
    this.logger.log(this.storage instanceof GcsStorageAdapter ? `Media in bucket ${this.storage.bucketName}` : 'Media in DATA_DIR/media');
  }
}
