import { describe, expect, it } from "vitest";
import { parseStoredAssignments, parseStoredScenario, StoredJsonError } from "./stored-json";

const part = { cluster: "c1", node: "n1", gpuIndices: [0, 1], milliPerGpu: 1000, cpuMilli: 4000, memoryMib: 16384 };

describe("parseStoredAssignments", () => {
  it("returns the stored parts of a decision", () => {
    expect(parseStoredAssignments([part, { ...part, cluster: "c2", gpuIndices: [] }])).toEqual([part, { ...part, cluster: "c2", gpuIndices: [] }]);
  });

  it("reads a missing value (a decision without assignments) as no parts", () => {
    expect(parseStoredAssignments(undefined)).toEqual([]);
    expect(parseStoredAssignments(null)).toEqual([]);
  });

  it.each([
    ["a field of the wrong type", [{ ...part, cpuMilli: "4000" }], /^Decision\.assignments\[0\]\.cpuMilli: /],
    ["a missing field", [part, { ...part, node: undefined }], /^Decision\.assignments\[1\]\.node: /],
    ["a negative GPU index", [{ ...part, gpuIndices: [-1] }], /^Decision\.assignments\[0\]\.gpuIndices\[0\]: /],
    ["an object instead of a list", { cluster: "c1" }, /^Decision\.assignments: /],
  ])("refuses %s, naming the field", (_what, value, message) => {
    expect(() => parseStoredAssignments(value)).toThrow(message);
  });
});

describe("parseStoredScenario", () => {
  const example = { kind: "example", file: "scenario-small.json", document: { name: "small", seed: 1 } };
  const uploaded = { kind: "upload", fileName: "mine.json", document: { name: "mine" }, files: { "nodes.csv": "name,gpus\n" } };

  it("returns a stored example or upload as it was stored", () => {
    expect(parseStoredScenario(example)).toEqual(example);
    expect(parseStoredScenario(uploaded)).toEqual(uploaded);
    expect(parseStoredScenario({ ...uploaded, files: {} })).toEqual({ ...uploaded, files: {} });
  });

  it.each([
    ["no scenario at all", null, "Experiment.scenario"],
    ["an unknown kind", { ...example, kind: "url" }, "Experiment.scenario.kind"],
    ["an example without its document", { kind: "example", file: "scenario-small.json" }, "Experiment.scenario.document"],
    ["an upload without its files", { kind: "upload", fileName: "mine.json", document: {} }, "Experiment.scenario.files"],
    ["an uploaded file that is not text", { ...uploaded, files: { "nodes.csv": 42 } }, "Experiment.scenario.files.nodes.csv"],
    ["a file name of the wrong type", { ...uploaded, fileName: 7 }, "Experiment.scenario.fileName"],
  ])("refuses %s, naming the field", (_what, value, field) => {
    let thrown: unknown;
    try {
      parseStoredScenario(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StoredJsonError);
    expect((thrown as StoredJsonError).field).toBe(field);
    expect((thrown as StoredJsonError).message.startsWith(`${field}: `)).toBe(true);
  });
});
