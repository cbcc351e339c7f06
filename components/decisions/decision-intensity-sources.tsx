// The "Where the intensity came from" card: how many hours of the chosen run were measured, forecast
// by the provider (with issue time), forecast by Verdant (model and issue time) or the annual-average
// fallback; whether waiting was worth it against the policy's minimum and the forecast's error; and
// which clusters were left out for reporting another carbon signal. Rendered from the typed
// explanation only.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { describeClusterReason, formatCo2eMass, formatNumber } from "@/server/engine";
import { Timestamp } from "@/components/time/timestamp";
import { DecisionSection } from "./decision-section";

type Explanation = Decision["explanation"];
type Carbon = Explanation["chosen"][number]["carbon"];
type Source = NonNullable<Carbon["provenance"]["sources"]>[number];

const KIND_LABEL: Record<Source["kind"], string> = {
  measured: "measured",
  "provider-forecast": "provider forecast",
  "verdant-forecast": "Verdant forecast",
  "annual-average": "annual average",
};
const KINDS = Object.keys(KIND_LABEL) as Source["kind"][];

/** One source line: its hours, kind, provider or model, issue time and a synthetic marker. */
function SourceLine({ source }: { source: Source }) {
  const who = source.kind === "verdant-forecast" ? (source.model ?? source.provider) : source.provider;
  return (
    <li data-testid="intensity-source">
      {source.hours} h {KIND_LABEL[source.kind]} ({who}
      {source.forecastIssuedAtMs !== undefined && (
        <>
          , issued <Timestamp value={new Date(source.forecastIssuedAtMs)} />
        </>
      )}
      ){source.synthetic && <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">synthetic: measured value + noise</span>}
    </li>
  );
}

/** The hours of each kind (every kind listed, 0 h included) and the sources behind them. */
function SourceMix({ carbon }: { carbon: Carbon }) {
  const sources = carbon.provenance.sources;
  if (!sources)
    return (
      <p className="text-sm text-slate-700" data-testid="intensity-mix">
        {carbon.provenance.measuredHours} h measured, {carbon.provenance.forecastHours} h forecast or annual average (recorded before the kinds were kept
        apart).
      </p>
    );
  const hoursOf = (kind: Source["kind"]) => sources.filter((s) => s.kind === kind).reduce((a, s) => a + s.hours, 0);
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="intensity-mix">
        {KINDS.map((k) => `${hoursOf(k)} h ${KIND_LABEL[k]}`).join(", ")} ({carbon.provenance.signalType} signal, {carbon.provenance.emissionFactorType}{" "}
        factors).
      </p>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {sources.map((s, i) => (
          <SourceLine key={i} source={s} />
        ))}
      </ul>
    </>
  );
}

/** Whether waiting was worth it: the saving against the minimum and the forecast's error. */
function DeferralCheck({ carbon }: { carbon: Carbon }) {
  const d = carbon.deferral;
  if (!d || d.savingGCo2e <= 0) return null;
  const basis =
    d.errorBasis === "measured" ? "measured for this zone" : d.errorBasis === "default" ? "default: no measurement for this zone" : "no forecast hours";
  return (
    <div className="mt-3 text-sm text-slate-700" data-testid="deferral-check">
      <p>
        Best later start saves {formatCo2eMass(d.savingGCo2e)} ({formatNumber(d.savingPct)} %). Minimum: {formatCo2eMass(d.minSavingGCo2e)} and{" "}
        {formatNumber(d.minSavingPct)} %. Forecast error: {formatCo2eMass(d.forecastErrorGCo2e)} ({formatNumber(d.relativeErrorPct)} % at{" "}
        {formatNumber(d.horizonHours)} h ahead, {basis}). {d.worthWaiting ? "Worth waiting for." : "Not worth waiting for."}
      </p>
      {d.reasons.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {d.reasons.map((r) => (
            <li key={r.code}>It {describeClusterReason(r, 1)}.</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Clusters left out because they report another carbon signal than the one compared on. */
function SignalComparison({ explanation }: { explanation: Explanation }) {
  const s = explanation.signalComparison;
  if (!s) return null;
  const names = s.excludedClusterIds.map((id) => explanation.clusters.find((c) => c.clusterId === id)?.name ?? id);
  return (
    <p className="mt-3 text-sm text-slate-700" data-testid="signal-comparison">
      Compared on the {s.decidedOn.replace("/", " ")} signal most candidates share; left out for reporting another signal: {names.join(", ")}.
    </p>
  );
}

/** The intensity provenance of the chosen run, the deferral check and the signal comparison. */
export function DecisionIntensitySources({ explanation, chosen }: { explanation: Explanation; chosen: Explanation["chosen"][number] }) {
  return (
    <DecisionSection title="Where the intensity came from">
      <SourceMix carbon={chosen.carbon} />
      <DeferralCheck carbon={chosen.carbon} />
      <SignalComparison explanation={explanation} />
    </DecisionSection>
  );
}
