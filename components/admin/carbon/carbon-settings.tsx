"use client";
// Grid zones and carbon feeds: coverage and static defaults, CSV uploads, HTTP feeds.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { CarbonSettings as Settings } from "@/server/services/carbon-admin-service";
import { SectionCard } from "@/components/carbon/section-card";
import { useTRPC } from "@/components/trpc/react";
import { CsvUploadForm } from "./csv-upload-form";
import { FeedsPanel } from "./feeds-panel";
import { ZoneCoverageTable } from "./zone-coverage-table";

export function CarbonSettings({ initial, canEdit }: { initial: Settings; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...trpc.carbonAdmin.settings.queryOptions(), initialData: initial, refetchInterval: 30_000 });
  const settings = data ?? initial;
  const refresh = () => void queryClient.invalidateQueries(trpc.carbonAdmin.settings.queryFilter());
  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        id="zones"
        title="Grid zones"
        description="The static default is used for any hour without measured or forecast data. Every change is audited."
      >
        <ZoneCoverageTable settings={settings} canEdit={canEdit} onChanged={refresh} />
      </SectionCard>
      {canEdit && (
        <SectionCard
          id="upload"
          title="Import hourly history (CSV)"
          description="Electricity Maps' hourly export format, one zone per file; stored as measured data."
        >
          <CsvUploadForm zones={settings.zones} onImported={refresh} />
        </SectionCard>
      )}
      <SectionCard id="feeds" title="HTTP feeds" description="Polled by the control loop; Electricity Maps gives average intensity, WattTime marginal.">
        <FeedsPanel settings={settings} canEdit={canEdit} onChanged={refresh} />
      </SectionCard>
    </div>
  );
}
