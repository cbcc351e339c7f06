import type { Metadata } from "next";
import { ApiTokenManager } from "@/components/account/api-token-manager";
import { AppShell } from "@/components/layout/app-shell";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "API tokens" };
export const dynamic = "force-dynamic";

/** The signed-in person's API tokens, for scripts and the `verdant` command line; every role has one. */
export default async function ApiTokensPage() {
  const user = await requireRole("ADMIN", "OPERATOR", "TENANT_MEMBER");
  const tokens = await (await api()).apiTokens.list();
  return (
    <AppShell user={user}>
      <PageHeader
        title="API tokens"
        description="A token lets a script or the verdant command line act as you, with your role and tenant. Send it as Authorization: Bearer vdt_…"
      />
      <ApiTokenManager tokens={tokens} />
    </AppShell>
  );
}
