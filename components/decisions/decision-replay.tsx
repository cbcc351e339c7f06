"use client";
// Replay on the decision page (operators and admins): the server decides again from the stored engine
// inputs and says whether the stored decision is reproduced byte for byte, or where it differs.
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import type { InputProblem, ReplayResult } from "@/server/services/decision-replay-service";
import { DecisionSection } from "./decision-section";

function problemText(p: InputProblem): string {
  return p.problem === "missing"
    ? `Stored input part ${p.hash.slice(0, 12)}… is missing.`
    : `Stored input part ${p.hash.slice(0, 12)}… (${p.kind}) was changed after it was stored: its content no longer matches its hash.`;
}

function ReplayVerdict({ result }: { result: ReplayResult }) {
  if (result.status === "reproduced") {
    return (
      <p role="status" data-testid="replay-verdict" className="rounded-md bg-emerald-50 p-3 text-emerald-900">
        <strong>Reproduced.</strong> Given the stored inputs, the engine made this decision again, byte for byte: outcome, cluster, start, assignments, policy
        and explanation.
      </p>
    );
  }
  if (result.status === "inputs-not-recorded") {
    return (
      <p role="status" data-testid="replay-verdict" className="rounded-md bg-slate-50 p-3 text-slate-700">
        <strong>Inputs not recorded.</strong> This decision was made before Verdant stored the inputs of each decision, so it cannot be replayed.
      </p>
    );
  }
  const differ = `${result.differenceCount} stored value${result.differenceCount === 1 ? " differs" : "s differ"} from the replay`;
  return (
    <div role="status" data-testid="replay-verdict" className="flex flex-col gap-3 rounded-md bg-amber-50 p-3 text-amber-900">
      {result.status === "engine-changed" ? (
        <p>
          <strong>Engine changed since this decision.</strong> {differ}. It was decided by engine build{" "}
          <span className="font-mono">{result.engine?.recorded}</span> and replayed on <span className="font-mono">{result.engine?.current}</span>, so the
          difference shows what the upgrade changes, not a wrong record.
        </p>
      ) : (
        <p>
          <strong>Not reproduced.</strong> {differ}
          {result.inputProblems.length > 0 ? ", and the stored inputs did not check out" : ""}.
        </p>
      )}
      {result.inputProblems.length > 0 && (
        <ul className="list-disc pl-5">
          {result.inputProblems.map((p) => (
            <li key={p.hash}>{problemText(p)}</li>
          ))}
        </ul>
      )}
      {result.differences.length > 0 && (
        <table className="w-full table-fixed text-left text-xs">
          <caption className="sr-only">First differing values</caption>
          <thead>
            <tr>
              <th scope="col" className="w-2/5 py-1">
                Path
              </th>
              <th scope="col" className="py-1">
                Stored
              </th>
              <th scope="col" className="py-1">
                Replayed
              </th>
            </tr>
          </thead>
          <tbody className="font-mono">
            {result.differences.map((d) => (
              <tr key={d.path} className="border-t border-amber-200 align-top">
                <td className="break-all py-1 pr-2">{d.path}</td>
                <td className="break-all py-1 pr-2">{d.stored ?? "(absent)"}</td>
                <td className="break-all py-1">{d.replayed ?? "(absent)"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The Replay card: a button, then the verdict. Shown to operators and admins; the server refuses anyone else. */
export function DecisionReplay({ decisionId }: { decisionId: string }) {
  const trpc = useTRPC();
  const replay = useMutation(trpc.decisions.replay.mutationOptions());
  return (
    <DecisionSection title="Replay">
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-slate-600">Decide again from the inputs stored with this decision and compare the result with what was stored.</p>
        <div>
          <Button variant="secondary" disabled={replay.isPending} onClick={() => replay.mutate({ id: decisionId })}>
            {replay.isPending ? "Replaying…" : "Replay"}
          </Button>
        </div>
        {replay.error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {messageOf(replay.error)}
          </p>
        )}
        {replay.data && <ReplayVerdict result={replay.data} />}
      </div>
    </DecisionSection>
  );
}
