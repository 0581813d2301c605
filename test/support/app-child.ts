// The whole app in its own process, for tests that kill it (run through ts-hooks.mjs): started with
// this process's environment, listening on a free port, which it sends to the parent.
import 'reflect-metadata';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';

const app = await createApp(loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' }));
await app.listen(0, '127.0.0.1');
const address = app.getHttpServer().address() as { port: number };
process.send?.({ event: 'ready', port: address.port });
