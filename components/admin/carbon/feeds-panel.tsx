"use client";
// HTTP carbon feeds: the list with each feed's polling status, and a form to add or edit one. The
// API token is write-only: the browser learns only whether one is set.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { FeedFormInput } from "@/server/schemas/carbon-admin";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { formatDuration } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";

type Feed = CarbonSettings["feeds"][number];
const PROVIDERS = {
  ELECTRICITY_MAPS: { label: "Electricity Maps (average)", url: "https://api.electricitymap.org" },
  WATTTIME: { label: "WattTime (marginal)", url: "https://api.watttime.org" },
} as const;

const blank = (zoneId: string): FeedFormInput => ({
  id: null,
  zoneId,
  provider: "ELECTRICITY_MAPS",
  baseUrl: PROVIDERS.ELECTRICITY_MAPS.url,
  apiToken: "",
  clearToken: false,
  externalZone: "",
  pollIntervalS: 300,
  enabled: true,
});
const fromFeed = (f: Feed): FeedFormInput => ({
  id: f.id,
  zoneId: f.zoneId,
  provider: f.provider,
  baseUrl: f.baseUrl,
  apiToken: "",
  clearToken: false,
  externalZone: f.externalZone ?? "",
  pollIntervalS: f.pollIntervalS,
  enabled: f.enabled,
});

function FeedForm({ zones, initial, hasToken, onDone }: { zones: CarbonSettings["zones"]; initial: FeedFormInput; hasToken: boolean; onDone: () => void }) {
  const trpc = useTRPC();
  const [form, setForm] = useState(initial);
  const save = useMutation(trpc.carbonAdmin.saveFeed.mutationOptions({ onSuccess: onDone }));
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof FeedFormInput>(key: K, value: FeedFormInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      aria-label={form.id ? "Edit feed" : "New feed"}
    >
      <Field id="feed-zone" label="Grid zone" error={errors.zoneId}>
        <Select id="feed-zone" value={form.zoneId} onChange={(e) => set("zoneId", e.target.value)} invalid={!!errors.zoneId} disabled={!!form.id}>
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.id} · {z.name} ({z.signalType.toLowerCase()})
            </option>
          ))}
        </Select>
      </Field>
      <Field id="feed-provider" label="Provider and signal" hint="The signal type follows the provider and must match the zone's." error={errors.provider}>
        <Select
          id="feed-provider"
          value={form.provider}
          invalid={!!errors.provider}
          onChange={(e) => {
            const provider = e.target.value as keyof typeof PROVIDERS;
            setForm((f) => ({ ...f, provider, baseUrl: f.baseUrl === PROVIDERS[f.provider].url ? PROVIDERS[provider].url : f.baseUrl }));
          }}
        >
          {Object.entries(PROVIDERS).map(([k, p]) => (
            <option key={k} value={k}>
              {p.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="feed-url" label="Base URL" error={errors.baseUrl}>
        <Input id="feed-url" type="url" value={form.baseUrl} onChange={(e) => set("baseUrl", e.target.value)} invalid={!!errors.baseUrl} />
      </Field>
      <Field id="feed-token" label="API token" hint={hasToken ? "A token is set. Leave empty to keep it." : "No token is set."} error={errors.apiToken}>
        <Input
          id="feed-token"
          type="password"
          autoComplete="off"
          value={form.apiToken ?? ""}
          onChange={(e) => set("apiToken", e.target.value)}
          invalid={!!errors.apiToken}
          disabled={form.clearToken}
        />
      </Field>
      <Field
        id="feed-external"
        label="Provider's zone or region code (optional)"
        hint="When it differs from the zone id, e.g. a WattTime region"
        error={errors.externalZone}
      >
        <Input id="feed-external" value={form.externalZone ?? ""} onChange={(e) => set("externalZone", e.target.value)} invalid={!!errors.externalZone} />
      </Field>
      <Field id="feed-interval" label="Poll every (seconds, at least 60)" error={errors.pollIntervalS}>
        <Input
          id="feed-interval"
          type="number"
          min="60"
          step="1"
          value={Number.isNaN(form.pollIntervalS) ? "" : form.pollIntervalS}
          onChange={(e) => set("pollIntervalS", e.target.value.trim() === "" ? Number.NaN : Number(e.target.value))}
          invalid={!!errors.pollIntervalS}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.enabled} onChange={(e) => set("enabled", e.target.checked)} /> Enabled (polled by the control loop)
      </label>
      {hasToken && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.clearToken ?? false} onChange={(e) => set("clearToken", e.target.checked)} /> Remove the stored token
        </label>
      )}
      {save.error && Object.keys(errors).length === 0 && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 sm:col-span-2">
          {messageOf(save.error)}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : form.id ? "Save feed" : "Add feed"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function FeedStatus({ feed }: { feed: Feed }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 text-xs sm:grid-cols-4">
      <div>
        <dt className="text-slate-500">Last polled</dt>
        <dd>
          <LocalTime value={feed.lastPolledAt} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Last success</dt>
        <dd>
          <LocalTime value={feed.lastSuccessAt} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Next poll</dt>
        <dd>{feed.enabled ? <LocalTime value={feed.nextPollAt} /> : "disabled"}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Last error</dt>
        <dd className={feed.lastError ? "text-red-700" : ""}>{feed.lastError ?? "none"}</dd>
      </div>
    </dl>
  );
}

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
            <li key={f.id} className="rounded-lg border border-slate-200 p-3" data-testid="feed-row">
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
                {canEdit && (
                  <span className="ml-auto flex gap-2">
                    <Button variant="secondary" className="px-2 py-1" onClick={() => setEditing({ form: fromFeed(f), hasToken: f.hasToken, key: Date.now() })}>
                      Edit
                    </Button>
                    <Button
                      variant="danger"
                      className="px-2 py-1"
                      disabled={remove.isPending}
                      onClick={() => window.confirm(`Delete the ${f.zoneId} feed?`) && remove.mutate({ id: f.id })}
                    >
                      Delete
                    </Button>
                  </span>
                )}
              </div>
              <FeedStatus feed={f} />
            </li>
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
            onClick={() => setEditing({ form: blank(settings.zones[0]?.id ?? ""), hasToken: false, key: Date.now() })}
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
