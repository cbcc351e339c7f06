/**
 * Raw-score memo for cacheable score plugins: one Float64Array per (plugin, job shape), indexed by
 * group id, NaN = not computed yet. A lookup is an array read (no string keys, no allocation), so
 * reusing scores across decisions costs nothing on the hot path. Cleared when the group index
 * reassigns ids, and wholesale when too many (plugin, shape) tables exist, to bound memory.
 */

/** Tables beyond this many are dropped all at once (recomputing is always correct). */
const MAX_TABLES = 1024;

/** Memo tables of one placer for one group index. */
export class ScoreMemo {
  private readonly tables = new Map<string, Float64Array>();
  private generation = -1;

  /** The table for `name` covering ids below `idCount` (grown with NaN as ids are added). */
  table(name: string, idCount: number, generation: number): Float64Array {
    if (generation !== this.generation || this.tables.size >= MAX_TABLES) {
      this.tables.clear();
      this.generation = generation;
    }
    let t = this.tables.get(name);
    if (t === undefined || t.length < idCount) {
      const size = Math.max(64, idCount * 2);
      const next = new Float64Array(size).fill(Number.NaN);
      if (t !== undefined) next.set(t);
      t = next;
      this.tables.set(name, t);
    }
    return t;
  }
}
