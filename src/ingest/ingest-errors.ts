// How the ingest's writers and loader tell the failures they handle apart.

// Lost connections (a restarted or failed-over server, a killed backend): worth another try.
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  if (/^(08|57P0)/.test(code) || code === '53300') return true;
  if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  const message = typeof err?.message === 'string' ? err.message : '';
  return /Connection terminated|connection error|not queryable|terminating connection|server closed the connection/i.test(message);
}

// A row naming a snippet that is gone (deleted since it was looked up).
export function isForeignKeyViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === '23503';
}

// How long the ingest's writers, loader and checks wait before each new try after a lost connection.
export const RETRY_DELAYS_MS = [25, 100, 400, 1_600, 3_200];
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
