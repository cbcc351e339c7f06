// One KPI tile of the overview: label (with an optional explanation), value and hint.
import type { ReactNode } from "react";
import { InfoTip } from "@/components/ui/info-tip";

/** A KPI tile inside the overview's description list. */
export function Kpi({ label, value, hint, tip, testId }: { label: string; value: string; hint?: string; tip?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{tip ? <InfoTip tip={tip}>{label}</InfoTip> : label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}
