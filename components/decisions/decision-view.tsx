// The decision page body, rendered from the typed explanation: words first, then the candidates,
// the score chart, the carbon curve, the counterfactuals and the provenance.
import Link from "next/link";
import { describeClusterReason } from "@/server/engine";
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { CarbonWindowChart } from "@/components/charts/carbon-window-chart";
import { ScoreContributionsChart, type ScoreRow } from "@/components/charts/score-contributions-chart";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDuration, formatEmissions } from "@/components/ui/format";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={title.replace(/\W+/g, "-")}>
      <h2 id={title.replace(/\W+/g, "-")} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function DecisionView({ decision }: { decision: Decision }) {
  const e = decision.explanation;
  const chosen = e.chosen[0];
  const scoreRows: ScoreRow[] = e.clusters
    .filter((c) => c.passed && c.scores.length)
    .map((c) => ({ cluster: c.name, ...Object.fromEntries(c.scores.map((s) => [s.objective, Number(s.weighted.toFixed(2))])) }) as ScoreRow);
  return (
    <div className="flex flex-col gap-6">
      <Section title="In words">
        <div className="flex flex-col gap-2 text-slate-800" data-testid="decision-text">
          {decision.text.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Outcome</dt>
            <dd>
              <StatusBadge status={decision.outcome} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Cluster</dt>
            <dd>{decision.clusterName ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Start</dt>
            <dd>
              <LocalTime value={decision.startAt} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Energy (estimate)</dt>
            <dd>{chosen ? chosen.carbon.energy.text : "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Emissions (estimate)</dt>
            <dd>{chosen ? chosen.carbon.emissions.text : "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Saved by the window</dt>
            <dd>{chosen ? `${formatEmissions(chosen.carbon.savingGCo2e)} (${chosen.carbon.savingPct.toFixed(1)} %)` : "—"}</dd>
          </div>
        </dl>
      </Section>

      <Section title="Clusters considered">
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">
                  Rank
                </th>
                <th scope="col" className="px-2 py-2">
                  Cluster
                </th>
                <th scope="col" className="px-2 py-2">
                  Zone · tier
                </th>
                <th scope="col" className="px-2 py-2">
                  Filters
                </th>
                <th scope="col" className="px-2 py-2">
                  Start
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  CO2e
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Score
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...e.clusters]
                .sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99))
                .map((c) => (
                  <tr key={c.clusterId} data-testid="candidate-row">
                    <td className="px-2 py-2">{c.rank ?? "—"}</td>
                    <td className="px-2 py-2 font-medium whitespace-nowrap">{c.name}</td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      {c.zone} · {c.tier}
                    </td>
                    <td className="px-2 py-2">
                      {c.passed ? (
                        <span className="text-leaf-700">all passed</span>
                      ) : (
                        <ul className="list-disc pl-4 text-red-800">
                          {c.filters
                            .filter((f) => !f.passed)
                            .flatMap((f) =>
                              f.reasons.map((r, i) => (
                                <li key={`${f.filter}-${i}`}>
                                  {f.filter}: {describeClusterReason(r)}
                                  {f.verdict === "unfit-unresolvable" ? " (waiting will not change this)" : ""}
                                </li>
                              )),
                            )}
                        </ul>
                      )}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      {c.startMs ? <LocalTime value={new Date(c.startMs)} /> : "—"}
                      {c.startReason && c.startReason !== "now" ? ` (${c.startReason})` : ""}
                    </td>
                    <td className="px-2 py-2 text-right whitespace-nowrap">{formatEmissions(c.carbon?.chosenGCo2e)}</td>
                    <td className="px-2 py-2 text-right">{c.total === null ? "—" : c.total.toFixed(1)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-xs text-slate-600">
          Scores: raw objective → normalized 0–100 → × policy weight (
          {Object.entries(e.policy.objectiveWeights)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ")}
          ) → summed.
        </p>
      </Section>

      <Section title="Weighted score contributions">
        <ScoreContributionsChart rows={scoreRows} />
      </Section>

      {chosen && (
        <Section title="Carbon intensity over the window">
          <CarbonWindowChart points={chosen.carbon.curve} chosenStartMs={chosen.carbon.chosenStartMs} earliestStartMs={chosen.carbon.earliestStartMs} />
          <p className="mt-2 text-sm text-slate-700">
            Starting at the earliest moment would emit {formatEmissions(chosen.carbon.earliestGCo2e)}; the chosen start emits{" "}
            {formatEmissions(chosen.carbon.chosenGCo2e)}. Intensity for {chosen.carbon.zone}: {chosen.carbon.provenance.measuredHours} measured and{" "}
            {chosen.carbon.provenance.forecastHours} forecast hours ({chosen.carbon.provenance.signalType}, {chosen.carbon.provenance.emissionFactorType};{" "}
            {chosen.carbon.provenance.providers.join(", ")}).
          </p>
        </Section>
      )}

      <Section title="What would change the outcome">
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {e.counterfactuals.runnerUp && (
            <li>
              Runner-up {e.clusters.find((c) => c.clusterId === e.counterfactuals.runnerUp!.clusterId)?.name}:{" "}
              {e.counterfactuals.runnerUp.deltaGCo2e >= 0 ? "+" : ""}
              {formatEmissions(e.counterfactuals.runnerUp.deltaGCo2e)}, {e.counterfactuals.runnerUp.deltaWaitS >= 0 ? "+" : ""}
              {formatDuration(Math.abs(e.counterfactuals.runnerUp.deltaWaitS))} wait, fragmentation{" "}
              {e.counterfactuals.runnerUp.deltaFragmentationMilli >= 0 ? "+" : ""}
              {e.counterfactuals.runnerUp.deltaFragmentationMilli.toFixed(0)} milli-GPU.
            </li>
          )}
          {e.counterfactuals.startNow && <li>Starting now instead would add {formatEmissions(e.counterfactuals.startNow.extraGCo2e)}.</li>}
          {e.counterfactuals.fixes.map((f, i) => (
            <li key={i}>{f.description}</li>
          ))}
          {!e.counterfactuals.runnerUp && !e.counterfactuals.startNow && e.counterfactuals.fixes.length === 0 && <li>No alternative was close.</li>}
        </ul>
      </Section>

      {chosen && (
        <Section title="Placement">
          <ul className="text-sm">
            {chosen.placements.map((p) => (
              <li key={p.member}>
                Member {p.member + 1}: node <span className="font-mono">{p.nodeName}</span>, GPUs {p.gpuIndices.length ? p.gpuIndices.join(", ") : "none"}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title="Inputs and provenance">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Policy</dt>
            <dd>
              {decision.policy.name} v{decision.policy.version}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Seed</dt>
            <dd className="font-mono">{e.seed}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Decided</dt>
            <dd>
              <LocalTime value={decision.createdAt} />
            </dd>
          </div>
          {decision.seenCount > 1 && (
            <div data-testid="decision-repeats">
              <dt className="text-slate-500">Reached again</dt>
              <dd>
                reached {decision.seenCount} times, last <LocalTime value={decision.lastSeenAt} />
              </dd>
            </div>
          )}
          <div>
            <dt className="text-slate-500">Explanation version</dt>
            <dd>{e.version}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Reasons (all clusters)</dt>
            <dd>
              {Object.entries(e.reasonHistogram)
                .map(([k, v]) => `${k} ×${v}`)
                .join(", ") || "none"}
            </dd>
          </div>
        </dl>
        {decision.history.length > 1 && (
          <div className="mt-4 text-sm">
            <h3 className="font-semibold">Earlier decisions about this job</h3>
            <ul>
              {decision.history
                .filter((h) => h.id !== decision.id)
                .map((h) => (
                  <li key={h.id}>
                    <Link className="text-leaf-700 underline" href={`/decisions/${h.id}`}>
                      {h.outcome.toLowerCase()}
                    </Link>{" "}
                    · <LocalTime value={h.createdAt} /> {h.clusterName ? `· ${h.clusterName}` : ""}
                  </li>
                ))}
            </ul>
          </div>
        )}
      </Section>
    </div>
  );
}
