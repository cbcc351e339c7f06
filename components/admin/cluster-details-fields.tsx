"use client";
// The "Cluster" fieldset: name, region, location, grid zone, coordinates, tier, PUE and status.
import { editableClusterStatuses } from "@/server/schemas/cluster-form";
import { Field, Input, Select } from "@/components/ui/field";
import type { ClusterFormSectionProps } from "./cluster-form-types";

type TextKey = "name" | "region" | "locationName";
type NumberKey = "latitude" | "longitude" | "pue";

function TextField({ form, errors, name, label, hint }: ClusterFormSectionProps & { name: TextKey; label: string; hint?: string }) {
  return (
    <Field id={name} label={label} error={errors[name]} hint={hint}>
      <Input id={name} {...form.register(name)} invalid={!!errors[name]} />
    </Field>
  );
}

function NumberField({ form, errors, name, label }: ClusterFormSectionProps & { name: NumberKey; label: string }) {
  return (
    <Field id={name} label={label} error={errors[name]}>
      {/* valueAsNumber: a blank field is NaN, which the schema names ("Enter a latitude") instead of reading 0. */}
      <Input id={name} type="number" step="0.01" {...form.register(name, { valueAsNumber: true })} invalid={!!errors[name]} />
    </Field>
  );
}

/** Where the cluster is and how it is priced; `retired` replaces the status choice with a note. */
export function ClusterDetailsFields({ form, errors, zones, retired }: ClusterFormSectionProps & { zones: { id: string; name: string }[]; retired: boolean }) {
  const section = { form, errors };
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">Cluster</legend>
      <TextField {...section} name="name" label="Name" hint="Lower-case, e.g. yul-edge-1." />
      <TextField {...section} name="region" label="Region" hint="Used by tenants' region limits, e.g. na-east." />
      <TextField {...section} name="locationName" label="Location" />
      <Field id="gridZoneId" label="Grid zone" error={errors.gridZoneId} hint="Its carbon intensity prices every job placed here.">
        <Select id="gridZoneId" {...form.register("gridZoneId")} invalid={!!errors.gridZoneId}>
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.id} — {z.name}
            </option>
          ))}
        </Select>
      </Field>
      <NumberField {...section} name="latitude" label="Latitude (°)" />
      <NumberField {...section} name="longitude" label="Longitude (°)" />
      <Field id="tier" label="Tier">
        <Select id="tier" {...form.register("tier")}>
          <option value="HUB">Hub</option>
          <option value="REGIONAL">Regional</option>
          <option value="EDGE">Edge</option>
        </Select>
      </Field>
      <NumberField {...section} name="pue" label="PUE (facility ÷ IT energy)" />
      {/* A retired cluster's status changes only through Reactivate (the server keeps it retired on edit). */}
      {retired ? (
        <p className="text-sm text-slate-600 sm:col-span-2" data-testid="cluster-status-retired">
          Status: retired. Reactivate it below to bring it back.
        </p>
      ) : (
        <Field id="status" label="Status" error={errors.status} hint="Draining and maintenance take no new jobs; running jobs finish.">
          <Select id="status" {...form.register("status")}>
            {editableClusterStatuses.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0) + s.slice(1).toLowerCase()}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </fieldset>
  );
}
