// Polls until `probe` returns something truthy; fails with the last value seen. For waiting on
// background work (jobs, workers) without guessing how long it takes.
export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 20_000, intervalMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Waits until an encoding has ended (completed or failed) and answers its view, as the API gives
// it (GET /api/videos/encodings/:id).
export function encodingEnded<T extends { state: string }>(
  client: { get: (url: string) => PromiseLike<{ body: { body: unknown } }> },
  encodingId: string,
  what = `encoding ${encodingId} to finish`,
  timeoutMs = 150_000,
): Promise<T> {
  return waitFor(
    async () => {
      const body = (await client.get(`/api/videos/encodings/${encodingId}`)).body.body as T;
      return body.state === 'completed' || body.state === 'failed' ? body : null;
    },
    what,
    timeoutMs,
    100,
  );
}
