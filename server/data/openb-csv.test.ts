import { describe, expect, it } from "vitest";
import { CsvInputError, parseOpenbNodes, readOpenbNodeList } from "./openb-csv";

const header = "sn,cpu_milli,memory_mib,gpu,model";

describe("openb node list", () => {
  it("reports every bad line with its real line number (blank lines counted) and keeps the good ones", () => {
    const text = [header, "a,1000,1024,1,T4", "", "b,x,1024,0,", "c,1000,1024,2,", "a,1000,1024,0,", "d,1000", "e,2000,2048,0,"].join("\n");
    const { nodes, errors } = readOpenbNodeList(text, "n.csv");
    expect(nodes.map((n) => [n.line, n.node.name])).toEqual([[2, "a"], [8, "e"]]);
    expect(errors.map((e) => [e.line, e.column])).toEqual([[4, "cpu_milli"], [5, "model"], [6, "sn"], [7, null]]);
    expect(errors[2]!.message).toBe('n.csv:6 column "sn": duplicate node name "a" (first on line 2)');
    expect(errors[3]!.message).toBe("n.csv:7: has 2 fields; the header has 5");
  });

  it("throws file-level problems and the first bad line when parsing strictly", () => {
    expect(() => readOpenbNodeList("sn,cpu_milli\nx,1", "n.csv")).toThrow(CsvInputError);
    expect(() => readOpenbNodeList("", "n.csv")).toThrow(/empty/);
    expect(() => parseOpenbNodes([header, "a,1000,1024,0,", "b,1000,-1,0,"].join("\n"), "n.csv")).toThrow('n.csv:3 column "memory_mib": -1 is below the minimum 0');
    expect(parseOpenbNodes([header, "a,1000,1024,0,"].join("\n"))).toEqual([{ name: "a", cpuMilli: 1000, memoryMib: 1024, gpuCount: 0, gpuModel: null }]);
  });
});
