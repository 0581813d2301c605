import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// A handler run on the HTTP server ahead of the application (Express and Nest): it answers the
// request and says true, or says false and the application gets it as usual. For the busiest
// public routes (tracking/tracking-router.ts, snippets/viewer-router.ts), which need nothing the
// application adds per request.
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

// The handlers are asked in order; `before` runs on every request first (the forwarded-for
// warning, shared with the application).
export function answerFirst(server: Server, handlers: readonly EarlyHandler[], before?: (req: IncomingMessage) => void): void {
  const app = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    before?.(req);
    for (const handler of handlers) if (handler(req, res)) return;
    for (const listener of app) listener.call(server, req, res);
  });
}
