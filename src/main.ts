// The server's entry point. Only the Node.js check and the configuration are imported up front:
// the application (and with it every native addon) is loaded once both are known to be fine, so
// an old Node.js or a bad setting gets a message instead of a crash.
import { exitUnlessSupportedNode } from './runtime/node-version.js';
import { loadConfigOrExit } from './config/config.js';

async function main(): Promise<void> {
  exitUnlessSupportedNode();
  const config = loadConfigOrExit(process.env);
  const { createApp } = await import('./app.factory.js');
  const app = await createApp(config);
  app.enableShutdownHooks();
  // Idle keep-alive connections are kept longer than a load balancer's usual 60 s idle timeout
  // (and Node's 5 s default), so a client or balancer reusing one never races the server closing
  // it (a reset, or a 502 at the balancer). Headers must arrive within a little more than that.
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  console.log(`EyeMail is running on ${config.publicBaseUrl} (listening on ${url})`);
}

main().catch((e) => {
  console.error('EyeMail failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
