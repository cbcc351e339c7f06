const tones: Record<string, string> = {
  QUEUED: "bg-amber-100 text-amber-900",
  PLACED: "bg-sky-100 text-sky-900",
  RUNNING: "bg-leaf-100 text-leaf-900",
  SUCCEEDED: "bg-emerald-100 text-emerald-900",
  FAILED: "bg-red-100 text-red-900",
  CANCELLED: "bg-slate-200 text-slate-700",
  UNSCHEDULABLE: "bg-red-100 text-red-900",
  EXPIRED: "bg-slate-200 text-slate-700",
  ACTIVE: "bg-leaf-100 text-leaf-900",
  DRAINING: "bg-amber-100 text-amber-900",
  MAINTENANCE: "bg-amber-100 text-amber-900",
  RETIRED: "bg-slate-200 text-slate-700",
  UNREACHABLE: "bg-red-100 text-red-900",
};

/** A status word in a coloured pill (text, not colour alone, carries the meaning). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status] ?? "bg-slate-100 text-slate-800"}`}>
      {status.toLowerCase()}
    </span>
  );
}
