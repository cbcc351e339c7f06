import type { Metadata } from "next";
import { CarbonSettings } from "@/components/admin/carbon/carbon-settings";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Grid zones and carbon feeds" };

export default async function AdminCarbonPage() {
  await requireRole("ADMIN");
  const settings = await (await api()).carbonAdmin.settings();
  return (
    <>
      <PageHeader title="Grid zones and carbon feeds" description="Data coverage per zone, static defaults, CSV imports and HTTP feeds." />
      <CarbonSettings initial={settings} canEdit />
    </>
  );
}
