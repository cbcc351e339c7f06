import type { Metadata } from "next";
import { CarbonDashboard } from "@/components/carbon/carbon-dashboard";
import { NarrativePanel } from "@/components/narrative/narrative-panel";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Carbon" };
const HISTORY_DAYS = 7;

export default async function CarbonPage() {
  await requireRole("OPERATOR", "ADMIN");
  // Not awaited: the page's figures (emissions and the ledger) are sent at once and asked for as soon as
  // the page runs; the zones' intensity streams into its panel when the server has it.
  const intensity = api().then((caller) => caller.carbon.intensity({ historyDays: HISTORY_DAYS, forecastHours: 48 }));
  return (
    <>
      <PageHeader
        title="Carbon"
        description="Grid intensity per zone, measured and forecast; emissions by cluster, tenant and day; savings against the carbon-agnostic baseline."
      />
      <CarbonDashboard intensity={intensity} historyDays={HISTORY_DAYS} />
      <div className="mt-6">
        <NarrativePanel scope="fleet" />
      </div>
    </>
  );
}
