// The split card of the decision page: which clusters share the gang and how, the link, the predicted
// slowdown with its formula and why the job was split; then every link the search considered with
// each policy check's numbers. Rendered from the explanation's data (nothing stored as text).
import { SPLIT_BASE_SLOWDOWN_PCT, type CoordinatorExplanation } from "@/server/engine";
import { DecisionSection } from "./decision-section";

type Split = NonNullable<CoordinatorExplanation["split"]>;
type LinkCheck = NonNullable<CoordinatorExplanation["links"][number]["checks"]>[number];

const n = (v: number, digits = 2) => Number(v.toFixed(digits)).toLocaleString("en-US");
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** How one link check reads, e.g. "bandwidth 1,600 Gbit/s (at least 400)". */
function checkText(c: LinkCheck): string {
  if (c.check === "bandwidth") return `bandwidth ${n(c.value)} Gbit/s (at least ${n(c.limit)})`;
  if (c.check === "distance") return `route ${n(c.value)} km (at most ${n(c.limit)})`;
  return `slowdown ${n(c.value)} % (at most ${n(c.limit)} %)`;
}

/** Why the job was split, from the recorded reason. */
function whyText(split: Split): string | null {
  if (!split.why) return null;
  if (split.why.kind === "no-whole-cluster") return "No single cluster can hold the whole gang.";
  return `No single cluster can start it now: whole, it would run ${utc(split.why.wholeStartMs)} – ${utc(split.why.wholeEndMs)}; split, it ends sooner despite the slowdown.`;
}

/** The split card; nothing when the job was not split and no link was considered. */
export function DecisionSplit({ explanation: e }: { explanation: CoordinatorExplanation }) {
  const split = e.split;
  if (!split && e.links.length === 0) return null;
  const nameOf = (id: string) => e.clusters.find((c) => c.clusterId === id)?.name ?? id;
  return (
    <DecisionSection title="Split across clusters">
      {split ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="decision-split">
          <dt className="text-slate-600">Parts</dt>
          <dd>{split.clusterIds.map((id, i) => `${nameOf(id)}: ${split.membersPerPart[i]} members`).join(" · ")}</dd>
          <dt className="text-slate-600">Link</dt>
          <dd>
            {n(split.distanceKm)} km · {n(split.bandwidthGbps)} Gbit/s{split.latencyMs != null ? ` · ${n(split.latencyMs)} ms` : ""}
          </dd>
          <dt className="text-slate-600">Predicted slowdown</dt>
          <dd>
            <strong>{n(split.slowdownPct)} %</strong> ({split.parallelism} parallel
            {split.maxSlowdownPct !== undefined ? `; the policy accepts up to ${n(split.maxSlowdownPct)} %` : ""})
            {split.effectiveDistanceKm !== undefined ? (
              <span className="block text-slate-600">
                = {SPLIT_BASE_SLOWDOWN_PCT[split.parallelism]} % × ({n(split.effectiveDistanceKm)} km / 300 km) × (12,800 Gbit/s / {n(split.bandwidthGbps)}{" "}
                Gbit/s)
              </span>
            ) : (
              split.formula && <span className="block text-slate-600">= {split.formula}</span>
            )}
          </dd>
          {split.durationS !== undefined && (
            <>
              <dt className="text-slate-600">Estimated run</dt>
              <dd>{n(split.durationS / 3600)} h with the slowdown</dd>
            </>
          )}
          {whyText(split) && (
            <>
              <dt className="text-slate-600">Why</dt>
              <dd>{whyText(split)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">The job allows a split, but no link qualified.</p>
      )}
      {e.links.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label="Links considered">
          {e.links.map((l) => (
            <li key={`${l.a}+${l.b}`}>
              <span className={l.ok ? "text-leaf-800" : "text-red-700"}>{l.ok ? "qualifies" : "refused"}</span> {nameOf(l.a)} – {nameOf(l.b)}:{" "}
              {l.checks ? l.checks.map((c) => `${checkText(c)}${c.ok ? "" : " ✗"}`).join(", ") : `slowdown ${n(l.slowdownPct)} %`}
            </li>
          ))}
        </ul>
      )}
    </DecisionSection>
  );
}
