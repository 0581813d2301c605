import { useEffect, useState } from 'react';

// Counts down one per second from `from` to 0 once `running`, then calls `onDone` once.
export function useCountdown(from: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (!running) return;
    if (left <= 0) {
      onDone();
      return;
    }
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
    // onDone is read when the count reaches zero; a new function identity must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, left]);
  return left;
}
