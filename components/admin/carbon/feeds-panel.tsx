"use client";
// HTTP carbon feeds: the list with each feed's polling status, and a form to add or edit one. The
// API token is write-only: the browser learns only whether one is set.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { FeedFormInput } from "@/server/schemas/carbon-admin";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { FeedForm } from "./feed-form";
import { blankFeed, feedFormOf } from "./feed-providers";
import { FeedRow } from "./feed-row";

/** The feeds list and editor; `canEdit` (admins) shows the buttons. */
export function FeedsPanel({ settings, canEdit, onChanged }: { settings: CarbonSettings; canEdit: boolean; onChanged: () => void }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState<{ form: FeedFormInput; hasToken: boolean; key: number } | null>(null);
  const remove = useMutation(trpc.carbonAdmin.deleteFeed.mutationOptions({ onSuccess: onChanged }));
  const done = () => {
    setEditing(null);
    onChanged();
  };
  return (
    <div className="flex flex-col gap-4">
      {settings.feeds.length === 0 && <p className="text-sm text-slate-600">No HTTP feeds yet: zones use imported history and their static default.</p>}
      {settings.feeds.length > 0 && (
        <ul className="flex flex-col gap-3">
          {settings.feeds.map((f) => (
            <FeedRow
              key={f.id}
              feed={f}
              actions={
                canEdit
                  ? {
                      onEdit: () => setEditing({ form: feedFormOf(f), hasToken: f.hasToken, key: Date.now() }),
                      onDelete: () => remove.mutate({ id: f.id }),
                      deleting: remove.isPending,
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      {remove.error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {messageOf(remove.error)}
        </p>
      )}
      {canEdit && !editing && (
        <div>
          <Button
            variant="secondary"
            onClick={() => setEditing({ form: blankFeed(settings.zones[0]?.id ?? ""), hasToken: false, key: Date.now() })}
            disabled={settings.zones.length === 0}
          >
            Add a feed
          </Button>
        </div>
      )}
      {canEdit && editing && <FeedForm key={editing.key} zones={settings.zones} initial={editing.form} hasToken={editing.hasToken} onDone={done} />}
    </div>
  );
}
