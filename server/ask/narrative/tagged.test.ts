import { describe, expect, it } from "vitest";
import { weekFacts } from "./fixture.test-data";
import { linkSentences, splitSentences } from "./tagged";

describe("linking a generated narrative to decisions", () => {
  it("keeps each tagged sentence's fact links and strips the tag", () => {
    const f = weekFacts();
    const s = linkSentences("[waits] Jobs waited 12.3 min on average.\n[carbon] The ledger saved 1.29 kg CO2e.", f);
    expect(s.map((x) => x.text)).toEqual(["Jobs waited 12.3 min on average.", "The ledger saved 1.29 kg CO2e."]);
    expect(s[0]).toMatchObject({ factId: "waits", decisionIds: f.waits.decisionIds, decisionCount: 44 });
    expect(s[1]).toMatchObject({ factId: "carbon", decisionIds: ["d-p6"] });
  });

  it("links an untagged sentence to the fact group whose numbers back it, and none to a sentence without claims", () => {
    const f = weekFacts();
    const s = linkSentences("Waiting for cleaner power held 8 jobs back by 61 h. It was a calm week.", f);
    expect(s[0]).toMatchObject({ factId: "clean-power", decisionIds: ["d-d2", "d-d3"] });
    expect(s[1]).toMatchObject({ factId: null, decisionIds: [], decisionCount: 0 });
  });

  it("splits paragraphs into sentences without breaking decimals", () => {
    expect(splitSentences("It saved 1.29 kg. Then 3 jobs waited.\n- [waits] More.")).toEqual(["It saved 1.29 kg.", "Then 3 jobs waited.", "- [waits] More."]);
  });
});
