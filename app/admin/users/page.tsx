import type { Metadata } from "next";
import { UserManager } from "@/components/admin/user-manager";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Users and roles" };

export default async function UsersPage() {
  const me = await requireRole("ADMIN");
  const caller = await api();
  const [users, tenants] = await Promise.all([caller.users.list(), caller.catalog.tenants()]);
  return (
    <>
      <PageHeader
        title="Users and roles"
        description="Admins manage the fleet and settings, operators watch it, tenant members submit their tenant's jobs. Every change is in the audit log."
      />
      <UserManager users={users} tenants={tenants} selfId={me.id} />
    </>
  );
}
