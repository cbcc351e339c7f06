"use client";
// The fleet jobs filters: tenant, status, cluster, GPU model and a name search.
import { useQuery } from "@tanstack/react-query";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { STATUSES, type Status } from "./fleet-jobs-input";

export { STATUSES, type Status };

/** The filters' values; "" means no filter. */
export interface FleetJobFilterValues {
  tenantId: string;
  status: Status | "";
  clusterId: string;
  gpuModel: string;
  search: string;
}

/** No filter set. */
export const NO_FILTERS: FleetJobFilterValues = { tenantId: "", status: "", clusterId: "", gpuModel: "", search: "" };

/** The five filter inputs; `onChange` receives one changed filter. */
export function FleetJobFilters({ value, onChange }: { value: FleetJobFilterValues; onChange: (next: Partial<FleetJobFilterValues>) => void }) {
  const trpc = useTRPC();
  const tenants = useQuery(trpc.catalog.tenants.queryOptions());
  const clusters = useQuery(trpc.catalog.clusters.queryOptions());
  const catalog = useQuery(trpc.catalog.formOptions.queryOptions());
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <Field id="filter-tenant" label="Tenant">
        <Select id="filter-tenant" value={value.tenantId} onChange={(e) => onChange({ tenantId: e.target.value })}>
          <option value="">All tenants</option>
          {tenants.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filter-status" label="Status">
        <Select id="filter-status" value={value.status} onChange={(e) => onChange({ status: e.target.value as Status | "" })}>
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.toLowerCase()}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filter-cluster" label="Cluster">
        <Select id="filter-cluster" value={value.clusterId} onChange={(e) => onChange({ clusterId: e.target.value })}>
          <option value="">All clusters</option>
          {clusters.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filter-model" label="GPU model" hint="Jobs that allow it or hold one now">
        <Select id="filter-model" value={value.gpuModel} onChange={(e) => onChange({ gpuModel: e.target.value })}>
          <option value="">Any model</option>
          {catalog.data?.gpuModels.map((g) => (
            <option key={g.id} value={g.id}>
              {g.displayName}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filter-search" label="Name contains">
        <Input id="filter-search" value={value.search} onChange={(e) => onChange({ search: e.target.value })} placeholder="e.g. trace-01" />
      </Field>
    </div>
  );
}
