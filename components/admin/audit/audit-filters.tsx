"use client";
// The audit log's filters: who acted, which kind of entity, one entity, and a range of days, all kept in
// the URL (a reload or a shared link shows the same entries); any change starts again at page 1.
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { useUrlParams } from "@/components/ui/use-url-params";

/** What the URL carries for the audit page. */
export const AUDIT_URL_DEFAULTS = { actor: "", type: "", entity: "", from: "", to: "", page: "1" } as const;

export function AuditFilters({
  actors,
  systemActed,
  entityTypes,
  entityName,
  zoneLabel,
}: {
  actors: { id: string; name: string }[];
  systemActed: boolean;
  entityTypes: string[];
  entityName: string | null;
  /** The zone the days are read in, e.g. "UTC" or "Europe/Berlin". */
  zoneLabel: string;
}) {
  const [params, setParams] = useUrlParams(AUDIT_URL_DEFAULTS);
  const set = (next: Partial<Record<keyof typeof AUDIT_URL_DEFAULTS, string>>) => setParams({ ...next, page: "1" });
  const any = params.actor || params.type || params.entity || params.from || params.to;
  return (
    <form role="search" aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
      <Field id="audit-actor" label="Who">
        <Select id="audit-actor" value={params.actor} onChange={(e) => set({ actor: e.target.value })}>
          <option value="">Anyone</option>
          {systemActed && <option value="system">The system</option>}
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="audit-type" label="What kind">
        <Select id="audit-type" value={params.type} onChange={(e) => set({ type: e.target.value, entity: "" })}>
          <option value="">Everything</option>
          {entityTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="audit-from" label={`From (${zoneLabel})`}>
        <Input id="audit-from" type="date" value={params.from} max={params.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </Field>
      <Field id="audit-to" label={`To, inclusive (${zoneLabel})`}>
        <Input id="audit-to" type="date" value={params.to} min={params.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </Field>
      {params.entity && (
        <p className="text-sm text-slate-700" data-testid="audit-entity-filter">
          Only <strong>{entityName ?? params.entity}</strong>{" "}
          <button type="button" className="text-leaf-700 underline" onClick={() => set({ entity: "" })}>
            show all
          </button>
        </p>
      )}
      {any && (
        <Button variant="secondary" type="button" onClick={() => set({ actor: "", type: "", entity: "", from: "", to: "" })}>
          Clear filters
        </Button>
      )}
    </form>
  );
}
