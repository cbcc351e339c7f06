/**
 * One consumption figure against its limit, as a labelled progress bar. With `committed` (what placed
 * and running work will still use), the bar and the colour count used plus committed, as the
 * quota's enforcement does, and the line below says how much of it is each.
 */
export function UsageMeter({
  label,
  used,
  limit,
  unit,
  testId,
  committed,
}: {
  label: string;
  used: number;
  limit: number | null;
  unit: string;
  testId?: string;
  committed?: number;
}) {
  const counted = used + (committed ?? 0);
  const pct = limit ? Math.min(100, (counted / limit) * 100) : null;
  const tone = pct === null ? "bg-leaf-600" : pct >= 90 ? "bg-red-600" : pct >= 70 ? "bg-amber-500" : "bg-leaf-600";
  const fmt = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: v < 10 ? 2 : 0 });
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold">
        {fmt(used)} {unit}
        <span className="text-sm font-normal text-slate-600">{limit !== null ? ` of ${fmt(limit)} ${unit}` : " (no limit)"}</span>
      </p>
      {committed !== undefined && (
        <p className="mt-1 text-sm text-slate-600" data-testid={testId ? `${testId}-committed` : undefined}>
          {fmt(used)} {unit} used + {fmt(committed)} {unit} committed (placed and running jobs&apos; estimated time left) = {fmt(counted)} {unit} counted
          against the limit
        </p>
      )}
      {pct !== null && (
        <div
          className="mt-2 h-2 rounded-full bg-slate-200"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(pct)}
        >
          <div className={`h-2 rounded-full ${tone}`} style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}
