"use client";
// The latest deliveries, newest first: event, webhook, status, attempts (each with its time, HTTP
// status or error and duration), the next try of a pending one, and Retry for a failed one.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "@/server/schemas/notification-form";
import { Timestamp } from "@/components/time/timestamp";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { TableHead } from "@/components/ui/table-head";

type DeliveryRow = RouterOutputs["notifications"]["deliveries"][number];

const STATUS_STYLE: Record<string, string> = {
  DELIVERED: "bg-leaf-50 text-leaf-900",
  PENDING: "bg-amber-50 text-amber-900",
  FAILED: "bg-red-50 text-red-800",
};

const kindLabel = (kind: string) => (kind === "test" ? "Test event" : (NOTIFICATION_KIND_LABELS[kind as NotificationKind] ?? kind));

/** The deliveries table; `onNote` receives what a retry did. */
export function DeliveryTable({ rows, onNote }: { rows: DeliveryRow[]; onNote: (message: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const retry = useMutation(
    trpc.notifications.retry.mutationOptions({
      onSuccess: (r) => {
        router.refresh();
        onNote(r.delivered ? "Delivered on retry." : "Retried; the receiver did not accept it. It is tried again on the back-off schedule.");
      },
      onError: (e) => onNote(messageOf(e)),
    }),
  );
  if (rows.length === 0) return <p className="rounded-xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">No deliveries yet.</p>;
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
      <table className="table-cards w-full text-left text-sm">
        <caption className="sr-only">Latest deliveries</caption>
        <TableHead columns={["Event", "Subscription", "Status", "Attempts", { label: "Actions", srOnly: true }]} />
        <tbody>
          {rows.map((d) => (
            <tr key={d.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2">
                <span className="font-medium">{kindLabel(d.kind)}</span>
                {d.subject && <p className="text-xs text-slate-600">{d.subject}</p>}
                <p className="text-xs text-slate-600">
                  <Timestamp value={d.occurredAt} compact />
                </p>
              </td>
              <td className="px-3 py-2">{d.subscriptionName}</td>
              <td className="px-3 py-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status] ?? ""}`}>{d.status.toLowerCase()}</span>
                {d.status === "PENDING" && d.nextAttemptAt && (
                  <p className="text-xs text-slate-600">
                    next try <Timestamp value={d.nextAttemptAt} relative />
                  </p>
                )}
              </td>
              <td className="px-3 py-2">
                {d.attempts.length === 0 ? (
                  <span className="text-slate-500">none yet</span>
                ) : (
                  <ol className="flex flex-col gap-1 text-xs" aria-label={`Attempts of this delivery, newest first`}>
                    {d.attempts.map((a) => (
                      <li key={a.id}>
                        <Timestamp value={a.at} compact seconds /> · {a.httpStatus !== null ? `HTTP ${a.httpStatus}` : (a.smtpResponse ?? "no answer")} ·{" "}
                        {a.durationMs.toLocaleString("en-US")} ms
                        {a.error && <span className="block text-red-700">{a.error}</span>}
                      </li>
                    ))}
                  </ol>
                )}
                {d.attemptCount > d.attempts.length && <p className="text-xs text-slate-500">{d.attemptCount} attempts in all; the latest 10 shown.</p>}
              </td>
              <td className="px-3 py-2 text-right">
                {d.status === "FAILED" && (
                  <Button
                    variant="secondary"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate({ id: d.id })}
                    aria-label={`Retry delivery to ${d.subscriptionName}`}
                  >
                    Retry
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
