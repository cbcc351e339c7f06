import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionUser } from "@/server/auth/session-user";
import { TimeZoneProvider } from "@/components/time/time-zone-context";
import { TableCardLabels } from "@/components/ui/table-card-labels";
import { AccountMenu } from "./account-menu";
import { MainNav } from "./main-nav";
import { SignOutButton } from "./sign-out-button";

const NAV: Record<SessionUser["role"], { href: string; label: string }[]> = {
  TENANT_MEMBER: [
    { href: "/tenant/jobs", label: "My jobs" },
    { href: "/tenant/jobs/new", label: "Submit a job" },
    { href: "/tenant/queue", label: "Queue" },
    { href: "/tenant/usage", label: "Usage" },
  ],
  OPERATOR: [
    { href: "/operator", label: "Overview" },
    { href: "/operator/jobs", label: "Jobs" },
    { href: "/operator/queue", label: "Queue" },
    { href: "/operator/usage", label: "Usage" },
    { href: "/operator/clusters", label: "Clusters" },
    { href: "/operator/reconcile", label: "Reconciliation" },
    { href: "/operator/carbon", label: "Carbon" },
    { href: "/operator/experiments", label: "Experiments" },
  ],
  ADMIN: [
    { href: "/admin/clusters", label: "Clusters" },
    { href: "/admin/gpu-models", label: "GPU models" },
    { href: "/admin/tenants", label: "Tenants" },
    { href: "/admin/users", label: "Users" },
    { href: "/admin/policy", label: "Policy" },
    { href: "/admin/priority-classes", label: "Priority classes" },
    { href: "/admin/carbon", label: "Zones & feeds" },
    { href: "/admin/notifications", label: "Notifications" },
    { href: "/admin/settings", label: "Settings" },
    { href: "/admin/audit", label: "Audit log" },
    { href: "/operator", label: "Overview" },
    { href: "/operator/jobs", label: "Jobs" },
    { href: "/operator/queue", label: "Queue" },
    { href: "/operator/usage", label: "Usage" },
    { href: "/operator/reconcile", label: "Reconciliation" },
    { href: "/operator/carbon", label: "Carbon" },
    { href: "/operator/experiments", label: "Experiments" },
  ],
};

const ROLE_LABEL: Record<SessionUser["role"], string> = { TENANT_MEMBER: "tenant", OPERATOR: "operator", ADMIN: "admin" };

/** The signed-in frame: brand, role navigation, who is signed in (with their settings), sign out. */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  return (
    <TimeZoneProvider stored={user.timeZone ?? null}>
      <div className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <Link href="/" className="text-lg font-bold text-leaf-700">
              Verdant
            </Link>
            <MainNav items={NAV[user.role]} />
            <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
              <AccountMenu label={`${user.name} · ${ROLE_LABEL[user.role]}${user.tenantName ? ` · ${user.tenantName}` : ""}`} />
              <SignOutButton />
            </div>
          </div>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-8">{children}</main>
        <TableCardLabels />
      </div>
    </TimeZoneProvider>
  );
}
