// Waits until every promise has settled, or `ms` have passed, whichever comes first; answers
// whether they all settled. The queues' stops use it so a handler that ignores its signal, or a
// Redis that no longer answers, cannot hold a shutdown up for ever.
export async function settledWithin(promises: Iterable<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.allSettled(promises).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
