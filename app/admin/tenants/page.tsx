import type { Metadata } from "next";
import { TenantManager } from "@/components/admin/tenant-manager";
import { TenantFairShare } from "@/components/admin/tenant-fair-share";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Tenants" };

export default async function TenantsPage() {
  await requireRole("ADMIN");
  const caller = await api();
  const [tenants, fairShare] = await Promise.all([caller.tenants.list(), caller.tenants.fairShare()]);
  return (
    <>
      <PageHeader
        title="Tenants"
        description="GPU quotas and monthly carbon budgets, with this month's use. The scheduler enforces them from its next cycle."
      />
      <TenantManager tenants={tenants} />
      <TenantFairShare view={fairShare} />
    </>
  );
}
