import type { Metadata } from "next";
import { UsageMeter } from "@/components/jobs/usage-meter";
import { ModelQuotaTable } from "@/components/jobs/model-quota-table";
import { TenantTrendChart } from "@/components/charts/usage-trend-chart";
import { Timestamp } from "@/components/time/timestamp";
import { NarrativePanel } from "@/components/narrative/narrative-panel";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage() {
  const user = await requireRole("TENANT_MEMBER");
  const caller = await api();
  const [usage, trend] = await Promise.all([caller.jobs.usage(), caller.jobs.usageTrend()]);
  return (
    <>
      <PageHeader title="Usage" description={`${user.tenantName ?? "Your tenant"} this month (since the 1st, UTC), against its quota and carbon budget.`} />
      <div className="grid gap-4 md:grid-cols-2">
        <UsageMeter label="GPUs in use now" used={usage.gpusInUse} limit={usage.maxGpus} unit="GPUs" testId="usage-gpus" />
        <UsageMeter
          label="GPU-hours this month"
          used={usage.gpuHours}
          committed={usage.gpuHoursCommitted}
          limit={usage.maxGpuHoursPerMonth}
          unit="GPU-h"
          testId="usage-gpu-hours"
        />
        <UsageMeter label="Emissions this month" used={usage.emissionsGCo2e / 1000} limit={usage.carbonBudgetKgPerMonth} unit="kg CO2e" testId="usage-carbon" />
        <UsageMeter label="Energy this month (estimated)" used={usage.energyKwh} limit={null} unit="kWh" />
      </div>
      <div className="mt-4">
        <TenantTrendChart trend={trend} />
      </div>
      <ModelQuotaTable rows={usage.modelQuotas} weight={usage.fairShareWeight} />
      <p className="mt-4 text-sm text-slate-600">
        {usage.jobsSubmitted} jobs submitted since <Timestamp value={usage.monthStart} />. Emissions and energy are the scheduler&apos;s estimates at placement
        (facility energy × the zone&apos;s hourly intensity).
      </p>
      <div className="mt-6">
        <NarrativePanel scope="tenant" />
      </div>
    </>
  );
}
