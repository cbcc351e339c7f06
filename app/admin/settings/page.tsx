import type { Metadata } from "next";
import { SystemSettingsForm } from "@/components/admin/system-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Settings" };

export default async function SystemSettingsPage() {
  await requireRole("ADMIN");
  const settings = await (await api()).systemSettings.get();
  return (
    <>
      <PageHeader title="Settings" description="System-wide settings: how long placement decisions are kept and which addresses carbon feeds may reach." />
      <SystemSettingsForm settings={settings} />
    </>
  );
}
