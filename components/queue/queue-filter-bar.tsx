// The queue's filters as the URL carries them: a form of plain selects (works without script) and a link that clears them.
import Link from "next/link";
import type { QueueFilter, QueueView } from "@/server/services/queue-view-service";

/** Reads the filter from the page's search parameters, keeping only known reasons. */
export function queueFilterOf(params: Record<string, string | string[] | undefined>, reasons: readonly string[]): QueueFilter {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  const reason = one("reason");
  const cls = one("class");
  return {
    tenantId: one("tenant") || undefined,
    priorityClass: cls === "*" ? undefined : cls,
    reason: reason && reasons.includes(reason) ? (reason as QueueFilter["reason"]) : undefined,
  };
}

/** Tenant (operators only), class and reason selects, submitted as a GET form to the same page. */
export function QueueFilterBar({ view, filter, basePath, showTenant }: { view: QueueView; filter: QueueFilter; basePath: string; showTenant: boolean }) {
  const tenants = [...new Map(view.groups.map((g) => [g.tenantId, g.tenantName])).entries()];
  const classes = [...new Set(view.groups.map((g) => g.priorityClass ?? ""))];
  const active = filter.tenantId !== undefined || filter.priorityClass !== undefined || filter.reason !== undefined;
  const select = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <form method="get" action={basePath} className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filter queued jobs">
      {showTenant && (
        <label className="flex flex-col gap-1">
          Tenant
          <select name="tenant" defaultValue={filter.tenantId ?? ""} className={select}>
            <option value="">Any</option>
            {tenants.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col gap-1">
        Class
        <select name="class" defaultValue={filter.priorityClass ?? "*"} className={select}>
          <option value="*">Any</option>
          {classes.map((c) => (
            <option key={c} value={c}>
              {c || "no class"}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Why it waits
        <select name="reason" defaultValue={filter.reason ?? ""} className={select}>
          <option value="">Any</option>
          {view.reasons.map((r) => (
            <option key={r.reason} value={r.reason}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md bg-leaf-700 px-3 py-1.5 font-medium text-white">
        Filter
      </button>
      {active && (
        <Link href={basePath} className="text-leaf-700 underline">
          Clear filters ({view.matching} of {view.totalQueued} shown)
        </Link>
      )}
    </form>
  );
}
