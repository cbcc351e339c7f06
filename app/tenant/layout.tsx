import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { requireRole } from "@/server/auth/page-guard";

export const dynamic = "force-dynamic";

export default async function TenantLayout({ children }: { children: ReactNode }) {
  const user = await requireRole("TENANT_MEMBER");
  return <AppShell user={user}>{children}</AppShell>;
}
