"use client";
// Live preview beside the job form: a debounced dry run of the scheduler on the current fleet.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useMemo, useState } from "react";
import { jobSubmitSchema, type JobSubmitInput } from "@/server/schemas/job-submit";
import { formatEmissions } from "@/components/ui/format";
import { Timestamp } from "@/components/time/timestamp";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";

// One request per pause in typing; the server allows each tenant 10 previews per 10 s.
const DEBOUNCE_MS = 600;

/** A refused preview (429) is not retried at once: the next edit asks again, after the wait. */
const retryUnlessLimited = (failures: number, error: unknown) => !(error instanceof TRPCClientError && error.data?.httpStatus === 429) && failures < 1;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** JSON.parse that turns the two date fields back into Dates. */
function revive(json: string): JobSubmitInput {
  const value = JSON.parse(json) as JobSubmitInput & { earliestStartAt?: string | null; deadlineAt?: string | null };
  return {
    ...value,
    earliestStartAt: value.earliestStartAt ? new Date(value.earliestStartAt) : null,
    deadlineAt: value.deadlineAt ? new Date(value.deadlineAt) : null,
  };
}

/** Shows where and when the job would run, its energy and carbon, before it is submitted. */
export function JobPreview({ input }: { input: JobSubmitInput }) {
  const trpc = useTRPC();
  // Debounce on the content, not the object identity (the form builds a new object every render).
  const debouncedKey = useDebounced(JSON.stringify(input), DEBOUNCE_MS);
  const debounced = useMemo(() => revive(debouncedKey), [debouncedKey]);
  const parsed = jobSubmitSchema.safeParse(debounced);
  const preview = useQuery({
    ...trpc.jobs.preview.queryOptions(debounced),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: retryUnlessLimited,
  });
  const p = preview.data;
  return (
    <aside
      aria-labelledby="preview-title"
      aria-live="polite"
      className="h-fit rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-4"
      data-testid="job-preview"
    >
      <h2 id="preview-title" className="text-base font-semibold">
        Preview
      </h2>
      {!parsed.success && <p className="mt-2 text-sm text-slate-600">Fill in the form to see where and when the job would run.</p>}
      {parsed.success && preview.isLoading && <p className="mt-2 text-sm text-slate-600">Asking the scheduler…</p>}
      {parsed.success && preview.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Preview unavailable: {messageOf(preview.error)}
        </p>
      )}
      {parsed.success && p && (
        <div className={`mt-2 flex flex-col gap-3 text-sm ${preview.isFetching ? "opacity-60" : ""}`}>
          {p.outcome === "unschedulable" ? (
            <p className="font-medium text-red-800">It could not run anywhere right now.</p>
          ) : (
            <p className="text-slate-800">
              Would run on <strong>{p.clusterName}</strong> ({p.zone}){p.gpuModel ? <> on {p.gpuModel}</> : null}, starting{" "}
              <strong>
                <Timestamp value={p.startAt} />
              </strong>
              {p.outcome === "deferred" ? " (later than now: for cleaner power or for busy GPUs to free)" : ""}.
            </p>
          )}
          {p.outcome !== "unschedulable" && (
            <dl className="grid grid-cols-2 gap-2">
              <div>
                <dt className="text-slate-500">Energy</dt>
                <dd>{p.energyKwh === null ? "—" : `${p.energyKwh.toFixed(p.energyKwh < 1 ? 3 : 1)} kWh`}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Emissions</dt>
                <dd data-testid="preview-emissions">{formatEmissions(p.gCo2e)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">If started now</dt>
                <dd>{formatEmissions(p.startNowGCo2e)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Saved by the window</dt>
                <dd>{p.savingPct === null ? "—" : `${p.savingPct.toFixed(1)} %`}</dd>
              </div>
            </dl>
          )}
          <details>
            <summary className="cursor-pointer font-medium text-leaf-700">Why</summary>
            <div className="mt-2 flex flex-col gap-1 text-slate-700">
              {p.text.map((line, i) => (
                <p key={i}>{line}</p>
              ))}
            </div>
          </details>
        </div>
      )}
    </aside>
  );
}
