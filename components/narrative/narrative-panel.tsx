"use client";
// The weekly narrative: what happened in a week, what it saved and cost, and what to change, each
// sentence linked to the decisions it rests on. The fleet's on the operator overview and Carbon page,
// a tenant's own on its usage page. Loaded after the page so a slow model never holds the page up.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RangeSelect, QueryState, SectionCard } from "@/components/carbon/section-card";
import { useTRPC } from "@/components/trpc/react";
import { NarrativeSentences } from "./narrative-sentences";
import { NarrativeSource } from "./narrative-source";

const WEEKS = [0, 1, 2, 3, 4].map((w) => ({ value: w, label: w === 0 ? "last 7 days" : w === 1 ? "the week before" : `${w} weeks before` }));

/** The narrative panel; `scope` picks the fleet's (operators, admins) or the signed-in tenant's. */
export function NarrativePanel({ scope, id = "narrative" }: { scope: "fleet" | "tenant"; id?: string }) {
  const trpc = useTRPC();
  const [weeksAgo, setWeeksAgo] = useState(0);
  const options = scope === "fleet" ? trpc.narrative.fleet.queryOptions({ weeksAgo }) : trpc.narrative.tenant.queryOptions({ weeksAgo });
  const query = useQuery({ ...options, staleTime: 5 * 60_000 });
  const n = query.data;
  return (
    <SectionCard
      id={id}
      title="This week in words"
      description={n ? <PeriodLine from={n.from} to={n.to} /> : "What happened, what it saved, what it cost and what to change."}
      actions={<RangeSelect id={`${id}-week`} label="Week" value={weeksAgo} options={WEEKS} onChange={setWeeksAgo} />}
    >
      <QueryState isLoading={query.isLoading} error={query.error}>
        {n && (
          <div className="flex flex-col gap-3" data-testid="narrative">
            <NarrativeSentences sentences={n.sentences} />
            <NarrativeSource outcome={n.outcome} generated={n.generated} model={n.model} notice={n.notice} />
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}

function PeriodLine({ from, to }: { from: string; to: string }) {
  const day = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      From <time dateTime={from}>{day(from)}</time> to <time dateTime={to}>{day(to)}</time>.
    </>
  );
}
