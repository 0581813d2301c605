import { Readable } from 'node:stream';
import { MAX_OBJECT_BYTES, MAX_TOTAL_BYTES, SmallMediaCache } from './small-media-cache.service.js';
import type { StorageAdapter, StoredObject } from './storage.adapter.js';

// A local disk stand-in that counts its reads.
function fakeStorage(kind: 'local' | 'gcs' = 'local') {
  const objects = new Map<string, Buffer>();
  const reads: string[] = [];
  const storage = {
    kind,
    publicUrl: (key: string) => `https://eyemail.test/media/${key}`,
    keyOfPublicUrl: (url: string) => (url.startsWith('https://eyemail.test/media/') ? url.slice('https://eyemail.test/media/'.length) : null),
    stat: async (key: string): Promise<StoredObject | null> => {
      const b = objects.get(key);
      return b ? { size: b.length, contentType: key.endsWith('.gif') ? 'image/gif' : 'application/x-unknown', updatedAt: new Date(0), etag: `"${key}"` } : null;
    },
    createReadStream: (key: string) => {
      reads.push(key);
      return Readable.from([objects.get(key)!]);
    },
  } as unknown as StorageAdapter;
  return { storage, objects, reads };
}
const url = (key: string) => `https://eyemail.test/media/${key}`;

describe('SmallMediaCache', () => {
  it('reads a small object once, however many opens ask for it at once and later', async () => {
    const { storage, objects, reads } = fakeStorage();
    objects.set('v/1/anim.gif', Buffer.from('GIF89a...'));
    const cache = new SmallMediaCache(storage);
    const answers = await Promise.all([1, 2, 3].map(() => cache.living(url('v/1/anim.gif'))));
    await cache.living(url('v/1/anim.gif'));
    expect(answers.every((a) => a.kind === 'bytes' && a.object.bytes.toString() === 'GIF89a...' && a.object.contentType === 'image/gif')).toBe(true);
    expect(reads).toEqual(['v/1/anim.gif']);
  });

  it('leaves a large object (a video) to the streaming route, says when one is missing, and redirects to a bucket', async () => {
    const { storage, objects } = fakeStorage();
    objects.set('v/1/web.mp4', Buffer.alloc(MAX_OBJECT_BYTES + 1));
    const cache = new SmallMediaCache(storage);
    expect(await cache.living(url('v/1/web.mp4'))).toEqual({ kind: 'large' });
    expect(await cache.living(url('v/1/gone.gif'))).toEqual({ kind: 'missing' });
    expect(await new SmallMediaCache(fakeStorage('gcs').storage).living(url('v/1/anim.gif'))).toEqual({ kind: 'redirect', url: url('v/1/anim.gif') });
  });

  it('keeps at most MAX_TOTAL_BYTES, letting the least recently used go first', async () => {
    const { storage, objects, reads } = fakeStorage();
    const n = Math.floor(MAX_TOTAL_BYTES / MAX_OBJECT_BYTES) + 2;
    for (let i = 0; i < n; i++) objects.set(`i/${i}.gif`, Buffer.alloc(MAX_OBJECT_BYTES, i));
    const cache = new SmallMediaCache(storage);
    await cache.living(url('i/0.gif'));
    for (let i = 1; i < n; i++) {
      await cache.living(url(`i/${i}.gif`));
      await cache.living(url('i/0.gif')); // the busy one stays
    }
    reads.length = 0;
    await cache.living(url('i/0.gif'));
    await cache.living(url(`i/${n - 1}.gif`));
    expect(reads).toEqual([]);
    await cache.living(url('i/1.gif')); // the least recently used went
    expect(reads).toEqual(['i/1.gif']);
  });
});
