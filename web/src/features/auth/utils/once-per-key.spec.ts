import { describe, expect, it } from '@jest/globals';
import { oncePerKey } from './once-per-key';

describe('oncePerKey', () => {
  it('calls once per key and hands every caller the first answer', async () => {
    const seen: string[] = [];
    const verify = oncePerKey(async (token) => {
      seen.push(token);
      return `answer for ${token}`;
    });
    const [a, b] = await Promise.all([verify('t1'), verify('t1')]);
    expect(a).toBe('answer for t1');
    expect(b).toBe('answer for t1');
    await verify('t2');
    expect(seen).toEqual(['t1', 't2']);
  });
});
