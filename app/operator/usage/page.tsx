import type { Metadata } from "next";
import { FleetTrendChart } from "@/components/charts/usage-trend-chart";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Usage" };

export default async function OperatorUsagePage() {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("OPERATOR", "ADMIN");
  const trend = await (await api()).jobs.fleetUsageTrend();
  return (
    <>
      <PageHeader
        title="Usage"
        description="GPU-hours and CO2e of every tenant per day this month (UTC days), stacked, with each tenant's month-end projection. Emissions count on the day a job was placed (the scheduler's estimate)."
      />
      <FleetTrendChart trend={trend} />
    </>
  );
}
