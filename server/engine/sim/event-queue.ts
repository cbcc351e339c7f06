/**
 * The simulator's event queue: a binary min-heap ordered by (time, priority, sequence). Priority
 * orders events at the same instant (completions free capacity before anything is decided); the
 * sequence number (insertion order) makes the order total, so a run is deterministic.
 */

/** An entry of the queue; `seq` is assigned on push. */
export interface QueuedEvent<T> {
  readonly atMs: number;
  readonly priority: number;
  readonly seq: number;
  readonly payload: T;
}

function before<T>(a: QueuedEvent<T>, b: QueuedEvent<T>): boolean {
  return a.atMs < b.atMs || (a.atMs === b.atMs && (a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq)));
}

/** A min-heap of events (see the file header for the order). */
export class EventQueue<T> {
  private readonly heap: QueuedEvent<T>[] = [];
  private seq = 0;

  /** Events waiting. */
  get size(): number {
    return this.heap.length;
  }

  /** Adds an event; returns it (with its sequence number). */
  push(atMs: number, priority: number, payload: T): QueuedEvent<T> {
    const e: QueuedEvent<T> = { atMs, priority, seq: this.seq++, payload };
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(e, h[p] as QueuedEvent<T>)) break;
      h[i] = h[p] as QueuedEvent<T>;
      i = p;
    }
    h[i] = e;
    return e;
  }

  /** The next event without removing it. */
  peek(): QueuedEvent<T> | undefined {
    return this.heap[0];
  }

  /** Removes and returns the next event. */
  pop(): QueuedEvent<T> | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (top === undefined || last === undefined || h.length === 0) return top;
    let i = 0;
    const n = h.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && before(h[r] as QueuedEvent<T>, h[l] as QueuedEvent<T>) ? r : l;
      if (!before(h[c] as QueuedEvent<T>, last)) break;
      h[i] = h[c] as QueuedEvent<T>;
      i = c;
    }
    h[i] = last;
    return top;
  }
}
