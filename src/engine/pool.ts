/**
 * Bounded concurrency: runs fn over items with at most `concurrency` in flight, results in input
 * order. When fn throws, no new item starts; in-flight ones finish, then the first error is thrown.
 */
export async function runPool<T, R>(items: readonly T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i] as T, i);
      } catch (e) {
        if (!failed) firstError = e;
        failed = true;
      }
    }
  };
  const workers: Promise<void>[] = [];
  for (let w = 0; w < Math.min(concurrency, items.length); w++) workers.push(worker());
  await Promise.all(workers);
  if (failed) throw firstError;
  return results;
}
