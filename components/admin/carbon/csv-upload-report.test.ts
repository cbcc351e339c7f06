import { describe, expect, it } from "vitest";
import { csvProblemSummary } from "./csv-upload-report";

describe("csvProblemSummary", () => {
  it("never counts problems against zero lines", () => {
    expect(csvProblemSummary(1, 0)).toBe("the file has 1 problem");
    expect(csvProblemSummary(3, 0)).toBe("the file has 3 problems");
  });

  it("agrees in number with the lines it counts", () => {
    expect(csvProblemSummary(1, 48)).toBe("1 of 48 lines has a problem");
    expect(csvProblemSummary(2, 1_200)).toBe("2 of 1,200 lines have problems");
    expect(csvProblemSummary(1, 1)).toBe("its only line has a problem");
    expect(csvProblemSummary(5, 5)).toBe("all 5 lines have problems");
    expect(csvProblemSummary(0, 0)).toBe("the file has no data lines");
  });
});
