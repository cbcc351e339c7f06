"use client";
// The person's API tokens: what each is called, how it starts, when it was made, expires and was last
// used, whether it still works, and Revoke (asked first).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { Timestamp } from "@/components/time/timestamp";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TableHead } from "@/components/ui/table-head";

/** One row of `apiTokens.list`. */
export type ApiTokenListRow = RouterOutputs["apiTokens"]["list"][number];

const STATE_STYLE: Record<ApiTokenListRow["state"], string> = {
  active: "bg-leaf-50 text-leaf-900",
  expired: "bg-amber-50 text-amber-900",
  revoked: "bg-slate-100 text-slate-700",
};

/** The table of tokens, newest first. */
export function ApiTokenTable({ tokens }: { tokens: ApiTokenListRow[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const revoke = useMutation(trpc.apiTokens.revoke.mutationOptions({ onSuccess: () => router.refresh() }));
  if (tokens.length === 0) return <p className="rounded-xl bg-white p-5 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">You have no API tokens yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      {revoke.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {messageOf(revoke.error)}
        </p>
      )}
      <div className="sm:overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="table-cards w-full text-left text-sm" data-testid="api-token-table">
          <caption className="sr-only">Your API tokens</caption>
          <TableHead columns={["Name", "Token", "Created", "Expires", "Last used", "State", { label: "Actions", srOnly: true }]} />
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2 font-medium break-all">{t.name}</td>
                <td className="px-3 py-2 font-mono text-xs">{t.prefix}…</td>
                <td className="px-3 py-2">
                  <Timestamp value={t.createdAt} compact />
                </td>
                <td className="px-3 py-2">{t.expiresAt ? <Timestamp value={t.expiresAt} compact /> : "Never"}</td>
                <td className="px-3 py-2">{t.lastUsedAt ? <Timestamp value={t.lastUsedAt} compact /> : "Never"}</td>
                <td className="px-3 py-2">
                  <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATE_STYLE[t.state]}`}>{t.state}</span>
                  {t.revokedAt && (
                    <span className="block text-xs text-slate-600">
                      <Timestamp value={t.revokedAt} compact />
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-right">
                  {t.state === "active" && (
                    <ConfirmButton
                      aria-label={`Revoke ${t.name}`}
                      title={`Revoke the token "${t.name}"?`}
                      body="Scripts and command lines using it are refused from their next request. This cannot be undone; you can create a new token."
                      confirmLabel="Revoke token"
                      disabled={revoke.isPending}
                      onConfirm={() => revoke.mutate({ id: t.id })}
                    >
                      Revoke
                    </ConfirmButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
