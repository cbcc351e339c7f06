"use client";
// The notifications page's body: the subscriptions with their add/edit form, the latest deliveries, then the outgoing mail server.
import { useState } from "react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { DeliveryTable } from "./delivery-table";
import { SmtpForm } from "./smtp-form";
import { SubscriptionForm, type SubscriptionRow } from "./subscription-form";
import { SubscriptionTable } from "./subscription-table";
import { StatusNote } from "@/components/admin/form-support";

/** Webhooks, their form, and deliveries. */
export function NotificationManager({
  subscriptions,
  deliveries,
  tenants,
  smtp,
}: {
  smtp: RouterOutputs["notifications"]["smtp"];
  subscriptions: SubscriptionRow[];
  deliveries: RouterOutputs["notifications"]["deliveries"];
  tenants: { id: string; name: string }[];
}) {
  const [editing, setEditing] = useState<SubscriptionRow | null>(null);
  const [note, setNote] = useState("");
  // A new key after each save or cancel gives a blank form, so nothing typed (a secret) stays in it.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex flex-col gap-3">
          <StatusNote>{note}</StatusNote>
          <SubscriptionTable
            rows={subscriptions}
            onEdit={(s) => {
              setNote("");
              setEditing(s);
            }}
            onNote={setNote}
          />
        </div>
        <SubscriptionForm
          key={`${editing?.id ?? "new"}-${formKey}`}
          editing={editing}
          tenants={tenants}
          onDone={(message) => {
            setNote(message);
            setEditing(null);
            setFormKey((k) => k + 1);
          }}
        />
      </div>
      <section aria-labelledby="deliveries-title" className="flex flex-col gap-3">
        <h2 id="deliveries-title" className="font-semibold">
          Latest deliveries
        </h2>
        <DeliveryTable rows={deliveries} onNote={setNote} />
      </section>
      <div className="max-w-2xl">
        <SmtpForm smtp={smtp} />
      </div>
    </div>
  );
}
