import { describe, expect, it } from "vitest";
import { createRng } from "../model/rng";
import { EventQueue } from "./event-queue";

describe("event queue", () => {
  it("pops by time, then priority, then insertion order", () => {
    const q = new EventQueue<string>();
    q.push(10, 2, "c");
    q.push(5, 9, "a");
    q.push(10, 1, "b");
    q.push(10, 2, "d");
    expect([q.pop(), q.pop(), q.pop(), q.pop(), q.pop()].map((e) => e?.payload)).toEqual(["a", "b", "c", "d", undefined]);
  });
  it("matches a sort on random input", () => {
    const rng = createRng(3);
    const q = new EventQueue<number>();
    const items = Array.from({ length: 500 }, (_, i) => ({ t: rng.nextInt(50), p: rng.nextInt(3), i }));
    for (const x of items) q.push(x.t, x.p, x.i);
    const sorted = [...items].sort((a, b) => a.t - b.t || a.p - b.p || a.i - b.i).map((x) => x.i);
    const out: number[] = [];
    while (q.size > 0) out.push(q.pop()?.payload as number);
    expect(out).toEqual(sorted);
  });
});
