"use client";
// Beside the preview: the two or three changes to the request that would help most, each with a button
// that puts it in the form, and the carbon curve of every cluster that could take the job.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { jobSubmitSchema, type JobSubmitInput } from "@/server/schemas/job-submit";
import type { WhatIfApply } from "@/server/services/what-if-service";
import { ClusterCurvesChart } from "@/components/charts/cluster-curves-chart";
import { useTRPC } from "@/components/trpc/react";

// Asked after the preview's own debounce, so one pause in typing costs two dry runs, not more.
const DEBOUNCE_MS = 900;

/** Suggestions for the request `input`; `onApply` puts one into the form. */
export function JobWhatIfs({ input, onApply }: { input: JobSubmitInput; onApply: (apply: WhatIfApply) => void }) {
  const trpc = useTRPC();
  const key = JSON.stringify(input);
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(key), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const value = JSON.parse(debounced) as JobSubmitInput & { earliestStartAt?: string | null; deadlineAt?: string | null };
  const request = {
    ...value,
    earliestStartAt: value.earliestStartAt ? new Date(value.earliestStartAt) : null,
    deadlineAt: value.deadlineAt ? new Date(value.deadlineAt) : null,
  };
  const parsed = jobSubmitSchema.safeParse(request);
  const query = useQuery({
    ...trpc.jobs.whatIfs.queryOptions(request),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  if (!parsed.success || !query.data) return null;
  const { suggestions, base } = query.data;
  return (
    <section
      aria-labelledby="what-if-title"
      className="h-fit space-y-3 rounded-xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200"
      data-testid="job-what-ifs"
    >
      <h2 id="what-if-title" className="text-base font-semibold">
        What would help
      </h2>
      {suggestions.length === 0 ? (
        <p className="text-slate-600">
          No single change tried (a wider window, any GPU model, fewer GPUs or nodes, any region) would start it sooner or cut its CO2e by 5 % or more.
        </p>
      ) : (
        <ul className="space-y-2">
          {suggestions.map((s) => (
            <li key={s.kind} className="flex items-start justify-between gap-3" data-kind={s.kind}>
              <span>{s.text}</span>
              <button
                type="button"
                className="shrink-0 rounded-md bg-leaf-700 px-2 py-1 text-xs font-medium text-white hover:bg-leaf-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
                onClick={() => onApply(s.apply)}
              >
                Apply
              </button>
            </li>
          ))}
        </ul>
      )}
      {base.curves.length > 0 && (
        <div className="space-y-1">
          <h3 className="font-medium">Carbon of each cluster over the window</h3>
          <ClusterCurvesChart curves={base.curves} />
        </div>
      )}
    </section>
  );
}
