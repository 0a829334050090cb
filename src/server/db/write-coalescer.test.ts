import { describe, expect, test } from 'vitest';
import { coalescer } from './write-coalescer';

/** A batch runner whose batches finish when the test says so. */
function controlled() {
  const batches: { items: string[]; finish: (error?: Error) => void }[] = [];
  const run = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        items,
        finish: (error) => (error ? reject(error) : resolve(items.map((item) => `${item}!`))),
      });
    });
  return { batches, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('write coalescer', () => {
  test('a write with nothing of its key in flight starts at once; writes that arrive meanwhile go together next', async () => {
    const { batches, run } = controlled();
    const submit = coalescer(run, { maxBatch: 10 });
    const first = submit('deal', 'a');
    await settle();
    expect(batches.map((b) => b.items)).toEqual([['a']]);
    const rest = [submit('deal', 'b'), submit('deal', 'c'), submit('deal', 'd')];
    await settle();
    expect(batches).toHaveLength(1);
    batches[0]?.finish();
    expect(await first).toBe('a!');
    await settle();
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b', 'c', 'd']]);
    batches[1]?.finish();
    expect(await Promise.all(rest)).toEqual(['b!', 'c!', 'd!']);
  });

  test('keys do not wait for each other', async () => {
    const { batches, run } = controlled();
    const submit = coalescer(run, { maxBatch: 10 });
    void submit('one', 'a');
    void submit('two', 'b');
    await settle();
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b']]);
  });

  test('a batch holds at most maxBatch writes, and writes kept apart wait for the next one', async () => {
    const { batches, run } = controlled();
    const submit = coalescer(run, {
      maxBatch: 2,
      apart: (item, batch) => batch.some((other) => other[0] === item[0]),
    });
    const all = [submit('deal', 'x0'), submit('deal', 'a1'), submit('deal', 'a2'), submit('deal', 'b1')];
    await settle();
    batches[0]?.finish();
    await settle();
    // a2 is the same shopper as a1: it waits; b1 fills the batch.
    expect(batches[1]?.items).toEqual(['a1', 'b1']);
    batches[1]?.finish();
    await settle();
    expect(batches[2]?.items).toEqual(['a2']);
    batches[2]?.finish();
    expect(await Promise.all(all)).toEqual(['x0!', 'a1!', 'a2!', 'b1!']);
  });

  test('a batch that fails fails each of its writes, and the next batch still runs', async () => {
    const { batches, run } = controlled();
    const submit = coalescer(run, { maxBatch: 10 });
    const first = submit('deal', 'a');
    const second = submit('deal', 'b');
    await settle();
    batches[0]?.finish(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await settle();
    batches[1]?.finish();
    expect(await second).toBe('b!');
  });
});
