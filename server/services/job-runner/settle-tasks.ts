/** Waiting on the cycle's cluster tasks without waiting on a hung cluster. */

/** How often a cycle looks again at the clusters it is waiting for. */
const WAIT_POLL_MS = 25;

/** One cluster group's work in a cycle. */
export interface ClusterTask {
  done: Promise<unknown>;
  finished: () => boolean;
  /** A driver call of the group's clusters has waited longer than the cycle budget. */
  stuck: () => boolean;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Waits for every task, except that it stops waiting for a task that is `stuck()` (a driver call of
 * its cluster has been waiting longer than the cycle budget): database work, however long, is waited
 * for; a hung API is not.
 */
export async function settleUnlessStuck(tasks: ClusterTask[]): Promise<void> {
  const all = Promise.allSettled(tasks.map((t) => t.done));
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = await Promise.race([all.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), WAIT_POLL_MS)))]);
    clearTimeout(timer);
    if (settled || tasks.every((t) => t.finished() || t.stuck())) return;
  }
}
