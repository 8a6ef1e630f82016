/**
 * Bounded concurrency: runs fn over items with at most `concurrency` in flight, results in input
 * order. When fn throws, no new item starts; in-flight ones finish, then the first error is thrown.
 * `ahead`, when given, is told the item that comes next as soon as fn has started on one (so its
 * work can overlap fn's wait); anything it throws is ignored.
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, i: number) => Promise<R>,
  ahead?: (item: T) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        const result = fn(items[i] as T, i);
        if (ahead !== undefined && next < items.length) {
          try {
            ahead(items[next] as T);
          } catch {
            // only a head start: the item does its own work in full when its turn comes
          }
        }
        results[i] = await result;
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
