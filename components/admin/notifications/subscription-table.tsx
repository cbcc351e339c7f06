"use client";
// The subscriptions: whose events, where (URL or address), which events, signed or not; Edit, Send test (the attempt shows
// in the deliveries below at once) and Delete with a confirmation.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "@/server/schemas/notification-form";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import type { SubscriptionRow } from "./subscription-form";
import { TableHead } from "@/components/ui/table-head";

/** The table; `onNote` receives what an action did. */
export function SubscriptionTable({
  rows,
  onEdit,
  onNote,
}: {
  rows: SubscriptionRow[];
  onEdit: (s: SubscriptionRow) => void;
  onNote: (message: string) => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const test = useMutation(
    trpc.notifications.sendTest.mutationOptions({
      onSuccess: (r) => {
        router.refresh();
        onNote(
          r.delivered
            ? "Test event delivered."
            : "Test event sent; the receiver did not accept it (see the attempt below). It is retried on the back-off schedule.",
        );
      },
      onError: (e) => onNote(messageOf(e)),
    }),
  );
  const remove = useMutation(
    trpc.notifications.remove.mutationOptions({
      onSuccess: (r) => {
        router.refresh();
        onNote(`${r.name} deleted.`);
      },
      onError: (e) => onNote(messageOf(e)),
    }),
  );
  if (rows.length === 0)
    return (
      <p className="rounded-xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        No subscriptions yet: add a webhook or an e-mail address with the form.
      </p>
    );
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
      <table className="table-cards w-full text-left text-sm">
        <caption className="sr-only">Subscriptions</caption>
        <TableHead columns={["Subscription", "Events of", "Events", { label: "Actions", srOnly: true }]} />
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2">
                <span className="font-medium">{s.name}</span>
                {!s.enabled && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">disabled</span>}
                {s.channel === "email" ? (
                  <p className="text-xs break-all text-slate-600">E-mail to {s.email}</p>
                ) : (
                  <>
                    <p className="text-xs break-all text-slate-600">{s.url}</p>
                    <p className="text-xs text-slate-600">{s.hasSigningSecret ? "Signed (HMAC-SHA256)" : "Unsigned"}</p>
                  </>
                )}
              </td>
              <td className="px-3 py-2">{s.tenantName ?? "All tenants and the fleet"}</td>
              <td className="px-3 py-2 text-xs">{s.events.map((k) => NOTIFICATION_KIND_LABELS[k as NotificationKind] ?? k).join(", ")}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="secondary" onClick={() => onEdit(s)} aria-label={`Edit ${s.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={test.isPending || !s.enabled}
                    onClick={() => test.mutate({ id: s.id })}
                    aria-label={`Send a test event to ${s.name}`}
                  >
                    Send test
                  </Button>
                  <ConfirmButton
                    title={`Delete ${s.name}?`}
                    body="Its deliveries and their attempts are deleted with it; events it has not received yet are not sent."
                    confirmLabel="Delete webhook"
                    onConfirm={() => remove.mutate({ id: s.id })}
                    aria-label={`Delete ${s.name}`}
                  >
                    Delete
                  </ConfirmButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
