import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionUser } from "@/server/auth/session-user";
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
    { href: "/admin/settings", label: "Settings" },
    { href: "/admin/audit", label: "Audit log" },
    { href: "/operator", label: "Overview" },
    { href: "/operator/jobs", label: "Jobs" },
    { href: "/operator/queue", label: "Queue" },
    { href: "/operator/reconcile", label: "Reconciliation" },
    { href: "/operator/carbon", label: "Carbon" },
    { href: "/operator/experiments", label: "Experiments" },
  ],
};

const ROLE_LABEL: Record<SessionUser["role"], string> = { TENANT_MEMBER: "tenant", OPERATOR: "operator", ADMIN: "admin" };

/** The signed-in frame: brand, role navigation, who is signed in, sign out. */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/" className="text-lg font-bold text-leaf-700">
            Verdant
          </Link>
          <nav aria-label="Main" className="flex flex-wrap gap-4 text-sm font-medium">
            {NAV[user.role].map((item) => (
              <Link key={item.href} href={item.href} className="text-slate-700 hover:text-leaf-700">
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="text-slate-600" data-testid="signed-in-as">
              {user.name} · {ROLE_LABEL[user.role]}
              {user.tenantName ? ` · ${user.tenantName}` : ""}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8">{children}</main>
    </div>
  );
}
