// The expected facts of a question, read from its record: names, outcomes, numbers with units and
// instants. A fact the record does not hold (a placement without a carbon figure) is null, and the
// question is then reported as unresolved rather than scored.
import type { CoordinatorExplanation } from "../../engine";
import type { PeriodFacts } from "../narrative/facts";
import type { ExpectedFactName } from "./golden-set";

/** One fact a correct answer must contain. */
export type ExpectedFact =
  | { name: ExpectedFactName; kind: "name"; value: string }
  | { name: ExpectedFactName; kind: "outcome"; value: "placed" | "deferred" | "unschedulable" }
  | { name: ExpectedFactName; kind: "number"; value: number; unit: "gCO2e" | "kWh" | "min" | "h" | "" }
  | { name: ExpectedFactName; kind: "time"; value: string };

/** What a decision question's facts are read from. */
export interface DecisionRecord {
  explanation: CoordinatorExplanation;
  clusterName: string | null;
  startAt: Date | null;
  tenantName: string;
  policyName: string;
}

/** The fact `name` of a decision, or null when the decision does not hold it. */
export function decisionFact(name: ExpectedFactName, d: DecisionRecord): ExpectedFact | null {
  const e = d.explanation;
  const part = e.chosen[0] ?? null;
  const cluster = part ? (e.clusters.find((c) => c.clusterId === part.clusterId)?.name ?? d.clusterName) : d.clusterName;
  switch (name) {
    case "outcome":
      return { name, kind: "outcome", value: e.outcome };
    case "cluster":
      return cluster ? { name, kind: "name", value: cluster } : null;
    case "tenant":
      return { name, kind: "name", value: d.tenantName };
    case "policy":
      return { name, kind: "name", value: d.policyName };
    case "emissions":
      return part ? { name, kind: "number", value: part.carbon.chosenGCo2e, unit: "gCO2e" } : null;
    case "energy":
      return part ? { name, kind: "number", value: part.carbon.energy.value, unit: "kWh" } : null;
    case "saving":
      return part ? { name, kind: "number", value: part.carbon.savingGCo2e, unit: "gCO2e" } : null;
    case "start": {
      const ms = part?.startMs ?? d.startAt?.getTime() ?? null;
      return ms === null ? null : { name, kind: "time", value: new Date(ms).toISOString() };
    }
    default:
      return null;
  }
}

/** The fact `name` of a week, or null when the week does not hold it. */
export function periodFact(name: ExpectedFactName, f: PeriodFacts): ExpectedFact | null {
  switch (name) {
    case "week-placements":
      return { name, kind: "number", value: f.decisions.placed, unit: "" };
    case "week-saved":
      return f.carbon.jobs > 0 ? { name, kind: "number", value: f.carbon.savedKg * 1000, unit: "gCO2e" } : null;
    case "week-busiest-cluster":
      return f.clusters.busiest[0] ? { name, kind: "name", value: f.clusters.busiest[0].name } : null;
    case "week-clean-power-jobs":
      return { name, kind: "number", value: f.cleanPower.jobs, unit: "" };
    case "week-clean-power-delay":
      return f.cleanPower.jobs > 0 ? { name, kind: "number", value: f.cleanPower.delayH, unit: "h" } : null;
    case "week-mean-wait":
      return f.waits.meanMin === null ? null : { name, kind: "number", value: f.waits.meanMin, unit: "min" };
    default:
      return null;
  }
}
