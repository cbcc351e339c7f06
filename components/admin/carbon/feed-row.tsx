"use client";
// One configured carbon feed: provider, address, interval, token state, enabled, and its polling
// status (last poll, last success, next poll, last error), with edit and delete for admins.
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Timestamp } from "@/components/time/timestamp";
import { formatDuration } from "@/components/ui/format";
import { PROVIDERS, type Feed } from "./feed-providers";

function FeedStatus({ feed }: { feed: Feed }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 text-xs sm:grid-cols-4">
      <div>
        <dt className="text-slate-500">Last polled</dt>
        <dd>
          <Timestamp value={feed.lastPolledAt} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Last success</dt>
        <dd>
          <Timestamp value={feed.lastSuccessAt} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Next poll</dt>
        <dd>{feed.enabled ? <Timestamp value={feed.nextPollAt} /> : "disabled"}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Last error</dt>
        <dd className={feed.lastError ? "text-red-700" : ""}>{feed.lastError ?? "none"}</dd>
      </div>
    </dl>
  );
}

/** A feed's list entry; the buttons show only when `actions` is given (admins). */
export function FeedRow({ feed: f, actions }: { feed: Feed; actions?: { onEdit: () => void; onDelete: () => void; deleting: boolean } }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="feed-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <strong className="font-mono">{f.zoneId}</strong>
        <span>{PROVIDERS[f.provider].label}</span>
        <span className="break-all text-slate-600">{f.baseUrl}</span>
        <span className="text-slate-600">every {formatDuration(f.pollIntervalS)}</span>
        <span className="text-slate-600">token {f.hasToken ? "set" : "not set"}</span>
        {f.externalZone && <span className="text-slate-600">as {f.externalZone}</span>}
        <span className={`rounded-full px-2 text-xs font-semibold ${f.enabled ? "bg-leaf-100 text-leaf-900" : "bg-slate-200 text-slate-700"}`}>
          {f.enabled ? "enabled" : "disabled"}
        </span>
        {actions && (
          <span className="ml-auto flex gap-2">
            <Button variant="secondary" className="px-2 py-1" onClick={actions.onEdit}>
              Edit
            </Button>
            <ConfirmButton
              className="px-2 py-1"
              disabled={actions.deleting}
              onConfirm={actions.onDelete}
              title={`Delete the ${f.zoneId} feed?`}
              body="The zone stops polling this source; its stored history stays."
              confirmLabel="Delete feed"
            >
              Delete
            </ConfirmButton>
          </span>
        )}
      </div>
      <FeedStatus feed={f} />
    </li>
  );
}
