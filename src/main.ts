import { loadConfig, ConfigError } from './config/config.js';
import { createApp } from './app.factory.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  console.log(`EyeMail is running on ${config.publicBaseUrl} (listening on ${url})`);
}

main().catch((e) => {
  console.error('EyeMail failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
