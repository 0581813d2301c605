import 'reflect-metadata';
import { exitUnlessSupportedNode } from './runtime/node-version.js';
import { loadConfigOrExit, type AppConfig } from './config/config.js';
import { workerStartProblem } from './queue/queue-rules.js';

// `npm run worker`: an extra job worker (encoding) for the shared BullMQ queues. It boots the
// same modules as the app, so the same handlers are registered, and serves no HTTP.
async function main(): Promise<void> {
  exitUnlessSupportedNode(); // before any native addon is loaded (see runtime/node-version.ts)
  const config = loadConfigOrExit(process.env);
  const problem = workerStartProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(78);
  }
  // Loaded only once the configuration is known to be usable, so a refusal is immediate.
  const [{ NestFactory }, { Logger }, { AppModule }, { MigrationsService }] = await Promise.all([
    import('@nestjs/core'),
    import('nestjs-pino'),
    import('./app.module.js'),
    import('./database/migrations.service.js'),
  ]);
  // A worker always processes jobs, even if PROCESS_JOBS=false is shared with the web instances.
  const workerConfig: AppConfig = { ...config, processJobs: true };
  // create() rather than createApplicationContext(): it does not initialise the modules yet, so
  // the schema is migrated before any handler can run. Nothing listens on a port.
  const app = await NestFactory.create(AppModule.forRoot(workerConfig), { bufferLogs: true, bodyParser: false });
  const logger = app.get(Logger);
  app.useLogger(logger);
  await app.get(MigrationsService).migrate();
  await app.init();
  // On SIGTERM/SIGINT: stop taking jobs, let running ones finish (or hand them back), exit 0.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.log(`${signal}: stopping after the running jobs`, 'Worker');
      app.close().then(
        () => process.exit(0),
        (e: unknown) => {
          logger.error(`Worker did not stop cleanly: ${e instanceof Error ? e.message : String(e)}`, undefined, 'Worker');
          process.exit(1);
        },
      );
    });
  }
  if (!config.gcsBucket) {
    logger.warn('Media is stored in DATA_DIR/media on this machine: run workers beside the app on the same folder, or set GCS_BUCKET.', 'Worker');
  }
  logger.log(`EyeMail worker ready (pid ${process.pid}, queue prefix "${config.queuePrefix}")`, 'Worker');
}

main().catch((e) => {
  console.error('EyeMail worker failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
