"use client";
// The person's time zone setting: follow the browser (the default) or a named IANA zone. Saving
// re-renders server components so text written on the server switches zone too.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { browserTimeZone, useStoredTimeZone } from "./time-zone-context";

const FOLLOW_BROWSER = "";

/** A labelled select of every zone the browser knows, saved on change. */
export function TimeZoneSetting() {
  const trpc = useTRPC();
  const router = useRouter();
  const stored = useStoredTimeZone();
  const [value, setValue] = useState(stored ?? FOLLOW_BROWSER);
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return all.includes("UTC") ? all : ["UTC", ...all];
  }, []);
  const save = useMutation(trpc.preferences.setTimeZone.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="account-time-zone" className="text-sm font-medium text-slate-800">
        Time zone
      </label>
      <select
        id="account-time-zone"
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        value={value}
        disabled={save.isPending}
        onChange={(e) => {
          setValue(e.target.value);
          save.mutate({ timeZone: e.target.value === FOLLOW_BROWSER ? null : e.target.value });
        }}
      >
        <option value={FOLLOW_BROWSER}>Follow this browser ({browserTimeZone()})</option>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
      <p className="text-xs text-slate-600" role="status">
        {save.isPending ? "Saving…" : save.isSuccess ? "Saved: every time on these pages now uses this zone." : "Times are shown in this zone with its label."}
      </p>
      {save.error && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {messageOf(save.error)}
        </p>
      )}
    </div>
  );
}
