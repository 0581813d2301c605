import { Redis } from 'ioredis';

// A BullMQ key prefix no other test run uses, so test files can share one Redis.
export function uniqueQueuePrefix(): string {
  return `eyemail-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

// Removes every key a test run created under its prefix.
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    // disconnect() only starts closing the socket: wait until it is closed, so a test file leaves
    // no socket behind (a jest worker whose last file it was could not exit in time).
    const ended = redis.status === 'end' ? Promise.resolve() : new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
  }
}
