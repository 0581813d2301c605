import { GroupCommit } from './group-commit.js';

// A write that can be held open, to see what queues behind it.
function controlledWriter() {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((r) => (release = r));
    return items.map((i) => i * 10);
  };
  return { batches, write, release: () => release?.() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('writes a lone item at once, and everything that queued meanwhile in the next single write', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write);
    const first = gc.submit(1);
    await tick();
    expect(w.batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((i) => gc.submit(i));
    await tick();
    expect(w.batches).toHaveLength(1); // still writing the first
    w.release();
    expect(await first).toBe(10);
    await tick();
    expect(w.batches).toEqual([[1], [2, 3, 4]]);
    w.release();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('puts items submitted together in one write', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write);
    const all = [1, 2, 3].map((i) => gc.submit(i));
    await tick();
    expect(w.batches).toEqual([[1, 2, 3]]);
    w.release();
    expect(await Promise.all(all)).toEqual([10, 20, 30]);
  });

  it('answers a submitter only after the write that carried it', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write);
    let answered = false;
    const p = gc.submit(7).then(() => (answered = true));
    await tick();
    await tick();
    expect(answered).toBe(false);
    w.release();
    await p;
    expect(answered).toBe(true);
  });

  it('splits very large queues into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit(async (items: number[]) => (sizes.push(items.length), items), 2);
    await Promise.all([1, 2, 3, 4, 5].map((i) => gc.submit(i)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('a failed write fails its own batch only, and the writer goes on', async () => {
    let calls = 0;
    const gc = new GroupCommit(async (items: number[]) => {
      calls++;
      if (calls === 1) throw new Error('disk full');
      return items;
    });
    await expect(gc.submit(1)).rejects.toThrow('disk full');
    await expect(gc.submit(2)).resolves.toBe(2);
  });

  it('idle() waits for the writes in flight', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write);
    void gc.submit(1);
    await tick();
    let idle = false;
    const p = gc.idle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    w.release();
    await p;
    expect(idle).toBe(true);
    expect(gc.pending).toBe(0);
  });
});
