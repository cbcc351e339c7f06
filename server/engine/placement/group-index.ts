/**
 * Incremental grouping of identical nodes for the decision hot path. Each distinct node state gets a
 * small integer id (interned from its group key); a placement replaces one node object and shares the
 * rest, so per decision only the nodes whose object changed are re-keyed (identity compare against the
 * previous call), and the per-decision pass over all nodes touches typed arrays only. This keeps the
 * hot path free of per-group objects, which is what drove the GC pauses behind the latency tail.
 * Ids are only ever reused after a full reset (generation bump).
 *
 * Score memos are indexed by a second id per group key, from a {@link KeyInterner} that several
 * placers may share (the clusters of a fleet, whose placers use the same policy and workload): a group
 * that looks the same in two clusters is then scored once for both. A group's score is a function of
 * its key, the job's shape and the placer's workload and model pressure, so which cluster or which
 * representative node computed it never changes the value.
 */
import type { NodeState } from "../model/node";
import { nodeGroupKey } from "./group-key";
import type { NodeFact } from "./types";

/** Ids beyond this many distinct states trigger a reset, so a long-lived placer keeps bounded memory. */
const DEFAULT_MAX_IDS = 1 << 16;

/**
 * Ids of group keys for score memos, possibly shared by several placers' indexes. Ids are reused only
 * after a reset, which bumps `generation`: memos keyed by these ids then drop their values, and every
 * index using the interner re-keys its nodes on its next update.
 */
export class KeyInterner {
  /** Bumped on every reset. */
  generation = 0;
  private readonly ids = new Map<string, number>();

  constructor(private maxIds = DEFAULT_MAX_IDS) {}

  /** Raises the bound by one index's worth of ids (an interner shared by k indexes holds as many ids as k own ones would). */
  reserve(): void {
    this.maxIds += DEFAULT_MAX_IDS;
  }

  /** Number of ids handed out since the last reset (memos size their arrays by it). */
  get size(): number {
    return this.ids.size;
  }

  /** The id of `key`, handing out the next one for a new key. */
  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }

  /** Resets when `more` new keys could overflow the bound, so ids of one update all share a generation. */
  makeRoom(more: number): void {
    if (this.ids.size + more > this.maxIds) {
      this.ids.clear();
      this.generation++;
    }
  }
}

/** Node grouping state owned by one placer for one set of key facts. */
export class GroupIndex {
  /** Distinct group ids of the last {@link update}, in order of first node index. */
  list = new Int32Array(0);
  /** Per id: first node index and member count in the last update (valid for ids in `list`). */
  first = new Int32Array(64);
  count = new Int32Array(64);
  /** Bumped whenever ids are reassigned. */
  generation = 0;
  /** Per id: the group key's id in the interner (the index of score memos). */
  memoId = new Int32Array(64);
  private readonly keyToId = new Map<string, number>();
  /** The interner generation the memo ids belong to. */
  private internerGeneration: number;
  /** The node list of the last update and its number of groups. */
  private lastNodes: readonly NodeState[] | null = null;
  private lastDistinct = 0;
  private last: (NodeState | undefined)[] = [];
  private nodeGid = new Int32Array(0);
  private stamp = new Int32Array(64);
  private epoch = 0;

  constructor(
    private readonly facts: ReadonlySet<NodeFact>,
    private readonly maxIds = DEFAULT_MAX_IDS,
    /** Memo ids of group keys (shared with other placers' indexes of the same facts, policy and workload, or this index's own). */
    readonly interner = new KeyInterner(),
  ) {
    this.internerGeneration = interner.generation;
  }

  /** Number of ids handed out so far. */
  get idCount(): number {
    return this.keyToId.size;
  }

  /** Group id of node `i` as of the last update. */
  gidOf(i: number): number {
    return this.nodeGid[i] as number;
  }

  /** Regroups `nodes`; returns how many distinct groups `list` now holds. */
  update(nodes: readonly NodeState[]): number {
    // The same node list as last time (node lists are never mutated): same groups, same order, same memo ids.
    if (nodes === this.lastNodes && this.internerGeneration === this.interner.generation) return this.lastDistinct;
    const n = nodes.length;
    if (n !== this.last.length) {
      this.last = new Array<NodeState | undefined>(n);
      this.nodeGid = new Int32Array(n);
      this.list = new Int32Array(n);
    }
    this.interner.makeRoom(n);
    // Memo ids from before an interner reset are stale: re-key every node (new ids, new memo ids).
    if (this.keyToId.size + n > this.maxIds || this.internerGeneration !== this.interner.generation) this.reset();
    if (++this.epoch >= 0x7fffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    const { last, nodeGid, list, epoch } = this;
    let distinct = 0;
    for (let i = 0; i < n; i++) {
      const node = nodes[i] as NodeState;
      let gid: number;
      if (node === last[i]) gid = nodeGid[i] as number;
      else {
        gid = this.intern(nodeGroupKey(node, this.facts));
        last[i] = node;
        nodeGid[i] = gid;
      }
      // Read the arrays through `this`: intern() may have grown them.
      if (this.stamp[gid] !== epoch) {
        this.stamp[gid] = epoch;
        this.first[gid] = i;
        this.count[gid] = 1;
        list[distinct++] = gid;
      } else this.count[gid] = (this.count[gid] as number) + 1;
    }
    this.lastNodes = nodes;
    this.lastDistinct = distinct;
    return distinct;
  }

  private intern(key: string): number {
    let gid = this.keyToId.get(key);
    if (gid === undefined) {
      gid = this.keyToId.size;
      this.keyToId.set(key, gid);
      if (gid >= this.stamp.length) {
        const size = this.stamp.length * 2;
        this.stamp = grow(this.stamp, size);
        this.first = grow(this.first, size);
        this.count = grow(this.count, size);
        this.memoId = grow(this.memoId, size);
      }
      this.memoId[gid] = this.interner.idOf(key);
    }
    return gid;
  }

  private reset(): void {
    this.lastNodes = null;
    this.keyToId.clear();
    this.last.fill(undefined);
    this.generation++;
    this.internerGeneration = this.interner.generation;
  }
}

function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  out.set(a);
  return out;
}
