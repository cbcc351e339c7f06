"use client";
// The users table: name and e-mail, role and tenant, status, jobs submitted, since when, and the
// button that opens the user's card.
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/time/timestamp";
import type { UserRow } from "./user-manage-panel";
import { ROLE_LABEL } from "./user-role-fields";

const HEADERS: { label: string; right?: boolean }[] = [
  { label: "User" },
  { label: "Role" },
  { label: "Status" },
  { label: "Jobs", right: true },
  { label: "Since" },
];

/** Every user; the selected one is highlighted; `onManage` receives the user whose button was clicked. */
export function UserTable({
  users,
  selfId,
  selected,
  onManage,
}: {
  users: UserRow[];
  selfId: string;
  selected: string | null;
  onManage: (u: UserRow) => void;
}) {
  return (
    <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-slate-600">{users.length} users</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            {HEADERS.map((h) => (
              <th key={h.label} scope="col" className={h.right ? "px-3 py-2 text-right" : "px-3 py-2"}>
                {h.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <tr key={u.id} data-testid="user-row" className={u.id === selected ? "bg-leaf-50" : undefined}>
              <td className="px-3 py-2">
                <span className="font-medium">{u.name}</span>
                {u.id === selfId && <span className="text-slate-500"> (you)</span>}
                <br />
                <span className="text-slate-600">{u.email}</span>
              </td>
              <td className="px-3 py-2">
                {ROLE_LABEL[u.role]}
                {u.tenantName && <span className="text-slate-600"> · {u.tenantName}</span>}
              </td>
              <td className="px-3 py-2">{u.disabledAt ? <span className="text-red-700">disabled</span> : "active"}</td>
              <td className="px-3 py-2 text-right">{u.jobs}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <Timestamp value={u.createdAt} compact />
              </td>
              <td className="px-3 py-2">
                <Button variant="secondary" aria-label={`Manage ${u.email}`} onClick={() => onManage(u)}>
                  Manage
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
