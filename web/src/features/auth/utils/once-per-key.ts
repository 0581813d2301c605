// Runs a one-shot call (a single-use token) at most once per key for the page's lifetime, so a
// re-mounted page reads the first answer instead of spending the token twice.
export function oncePerKey<T>(fn: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const started = new Map<string, Promise<T>>();
  return (key: string) => {
    let p = started.get(key);
    if (!p) {
      p = fn(key);
      started.set(key, p);
    }
    return p;
  };
}
