import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { SessionQueue } from './pglite-session-queue.js';

// The embedded default database: PGlite (Postgres compiled to WASM) keeping its files in
// DATA_DIR/pg, served over a loopback socket so the normal Postgres driver, the same
// migrations and the same SQL run against it as against a real server.
export interface EmbeddedPostgres {
  url: string;
  // messages waiting for the engine (for tests)
  queueLength(): number;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const dir = path.join(dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  // shared_buffers 16 MB instead of PostgreSQL's 128 MB: PGlite keeps them inside the app's own
  // process, and with 128 MB the process held about 80-150 MB more after start; the files stay in
  // the operating system's page cache anyway (docs/performance-log.md, memory).
  const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  // Its message queue interleaved concurrent queries of different connections (see
  // pglite-session-queue.ts): ours takes its place before the first connection is made.
  const internals = server as unknown as { queryQueue?: unknown };
  if (!internals.queryQueue) throw new Error('pglite-socket changed: its query queue is not where the embedded database replaces it');
  const queue = new SessionQueue(db);
  internals.queryQueue = queue;
  await server.start();
  // Its stop() closes the listener and asks each connection to close, but resolves before their
  // sockets are gone: they linger for a moment, and a process that is ending (a test worker
  // after its last file) waits on them. Kept here, so stop() resolves once they are closed.
  const listener = (server as unknown as { server?: net.Server }).server;
  if (!listener) throw new Error('pglite-socket changed: its listening server is not where the embedded database looks for it');
  const sockets = new Set<net.Socket>();
  listener.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const [host, port] = server.getServerConn().split(':');
  let stopped = false;
  return {
    url: `postgresql://postgres@${host}:${port}/postgres`,
    queueLength: () => queue.getQueueLength(),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await Promise.all([...sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve).destroy())));
      await db.close();
    },
  };
}
