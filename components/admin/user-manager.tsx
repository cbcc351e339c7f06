"use client";
// Users and roles: create a user, and for a chosen user change name/role/tenant, reset the password,
// disable or enable, delete. The server refuses removing yourself or the last admin and says why.
import { useState } from "react";
import { UserCreateForm } from "./user-create-form";
import { UserManagePanel, type UserRow } from "./user-manage-panel";
import { UserTable } from "./user-table";
import { StatusNote } from "@/components/admin/form-support";

export type { UserRow } from "./user-manage-panel";

/** The users table, the chosen user's card and the new-user form. */
export function UserManager({ users, tenants, selfId }: { users: UserRow[]; tenants: { id: string; name: string }[]; selfId: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const user = users.find((u) => u.id === selected) ?? null;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        <StatusNote>{note}</StatusNote>
        <UserTable
          users={users}
          selfId={selfId}
          selected={selected}
          onManage={(u) => {
            setNote("");
            setSelected(u.id);
          }}
        />
      </div>
      <div className="flex flex-col gap-6">
        {user && (
          <UserManagePanel
            key={`${user.id}-${user.role}-${user.tenantId}-${!!user.disabledAt}`}
            user={user}
            tenants={tenants}
            onDone={(m) => {
              setNote(m);
              if (m.endsWith("deleted.")) setSelected(null);
            }}
          />
        )}
        <UserCreateForm tenants={tenants} onDone={setNote} />
      </div>
    </div>
  );
}
