/** Text of replay results for the terminal. */
import type { InputProblem, ReplayResult } from "@/server/services/decision-replay-service";

/** One decision's verdict as lines: "reproduced", or the mismatch with its first differing paths. */
export function replayResultLines(result: ReplayResult): string[] {
  if (result.status === "reproduced") return [`${result.decisionId} reproduced`];
  if (result.status === "inputs-not-recorded") return [`${result.decisionId} inputs not recorded (decided before inputs were stored)`];
  const paths = `${result.differenceCount} differing path${result.differenceCount === 1 ? "" : "s"}`;
  const lines = [
    result.status === "engine-changed"
      ? `${result.decisionId} ENGINE CHANGED since the decision (decided by ${result.engine?.recorded}, replayed on ${result.engine?.current}; ${paths})`
      : `${result.decisionId} MISMATCH (${paths})`,
  ];
  for (const problem of result.inputProblems) lines.push(`  input: ${problemText(problem)}`);
  for (const d of result.differences) {
    lines.push(`  ${d.path}`, `    stored:   ${clip(d.stored ?? "(absent)")}`, `    replayed: ${clip(d.replayed ?? "(absent)")}`);
  }
  if (result.differenceCount > result.differences.length) lines.push(`  ... and ${result.differenceCount - result.differences.length} more`);
  return lines;
}

const problemText = (p: InputProblem) =>
  p.problem === "missing" ? `part ${p.hash} is missing` : `part ${p.hash} (${p.kind}) was changed after it was stored: it no longer matches its hash`;

const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);
