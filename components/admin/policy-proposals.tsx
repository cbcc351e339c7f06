"use client";
// Proposals from auto-tune experiments, for admins: what each changes against the active version, and
// its measured figures against the active policy on the training and held-out validation windows.
// Apply creates the next active version (audited); Discard closes it (audited). Nothing is applied
// without an admin; a proposal made from an older version says so and cannot be applied.
import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import type { TuneGains, TuneMetrics } from "@/server/tuning/auto-tune";

interface Figures {
  active: { training: TuneMetrics; validation: TuneMetrics };
  proposal: { training: TuneMetrics; validation: TuneMetrics };
  gains: { training: TuneGains; validation: TuneGains };
  windows: { training: { jobs: number }; validation: { jobs: number } };
}

const row = (label: string, a: TuneMetrics, p: TuneMetrics, g: TuneGains) => (
  <tr className="border-t border-slate-100">
    <th scope="row" className="py-1 pr-3 text-left font-medium">
      {label}
    </th>
    <td className="px-2 text-right">
      {a.co2eKg.toFixed(1)} → {p.co2eKg.toFixed(1)} kg ({g.co2eSavedPct.toFixed(1)} % less)
    </td>
    <td className="px-2 text-right">
      {(100 * a.gar).toFixed(1)} → {(100 * p.gar).toFixed(1)} %
    </td>
    <td className="px-2 text-right">
      {Math.round(a.meanWaitS)} → {Math.round(p.meanWaitS)} s
    </td>
    <td className="px-2 text-right">
      {Math.round(a.p99WaitS)} → {Math.round(p.p99WaitS)} s
    </td>
  </tr>
);

/** The open proposals with Apply and Discard. */
export function PolicyProposals() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const proposals = useQuery(trpc.autoTune.proposals.queryOptions());
  const [note, setNote] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.autoTune.proposals.queryKey() });
    router.refresh();
  };
  // The editor's form holds the previous version's values: a full reload shows the applied version
  // everywhere on the page, so a later save cannot quietly put the old values back.
  const apply = useMutation(trpc.autoTune.applyProposal.mutationOptions({ onSuccess: () => window.location.reload() }));
  const discard = useMutation(trpc.autoTune.discardProposal.mutationOptions({ onSuccess: refresh }));
  const list = proposals.data ?? [];
  if (!proposals.data && !proposals.error) return null;
  return (
    <section className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="proposals-title" data-testid="policy-proposals">
      <h2 id="proposals-title" className="mb-1 font-semibold">
        Proposals from auto-tune
      </h2>
      {proposals.error && <p className="text-sm text-red-700">{messageOf(proposals.error)}</p>}
      {apply.data && (
        <p role="status" className="mb-2 rounded-md bg-leaf-50 p-2 text-sm text-leaf-900">
          Applied as version {apply.data.version}; reloading.
        </p>
      )}
      {(apply.error || discard.error) && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {messageOf(apply.error ?? discard.error)}
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">
          No open proposals. Operators start auto-tunes under{" "}
          <Link href="/operator/experiments/auto-tune" className="text-leaf-700 underline">
            Experiments › New auto-tune
          </Link>
          .
        </p>
      ) : (
        <ol className="flex flex-col gap-5">
          {list.map((p) => {
            const f = p.figures as unknown as Figures;
            return (
              <li key={p.id} className="text-sm" data-testid="policy-proposal">
                <p>
                  From{" "}
                  <Link href={`/operator/experiments/${p.experimentId}`} className="font-medium text-leaf-700 underline">
                    {p.experimentName}
                  </Link>
                  {p.startedBy ? ` (started by ${p.startedBy})` : ""}, tuned from version {p.baseVersion}.
                </p>
                <ul className="my-2 ml-4 list-disc text-slate-700">
                  {p.changes.map((ch) => (
                    <li key={ch.key}>
                      <span className="font-mono">{ch.key}</span>: {String(ch.before)} → {String(ch.after)}
                    </li>
                  ))}
                </ul>
                <div className="overflow-x-auto">
                  <table className="text-sm">
                    <thead>
                      <tr className="text-xs text-slate-600">
                        <th className="pr-3 text-left font-medium">Active → proposed</th>
                        <th className="px-2 text-right font-medium">CO2e</th>
                        <th className="px-2 text-right font-medium">GAR</th>
                        <th className="px-2 text-right font-medium">Mean wait</th>
                        <th className="px-2 text-right font-medium">p99 wait</th>
                      </tr>
                    </thead>
                    <tbody>
                      {row(`Training (${f.windows.training.jobs} jobs)`, f.active.training, f.proposal.training, f.gains.training)}
                      {row(`Held-out validation (${f.windows.validation.jobs} jobs)`, f.active.validation, f.proposal.validation, f.gains.validation)}
                    </tbody>
                  </table>
                </div>
                {p.stale ? (
                  <p className="mt-2 text-amber-800">
                    Version {p.activeVersion ?? "none"} became active after this search started from version {p.baseVersion}; run the auto-tune again to measure
                    against it. It can only be discarded.
                  </p>
                ) : (
                  <div className="mt-2 max-w-md">
                    <Field id={`note-${p.id}`} label="Note kept with the new version (optional)">
                      <Input id={`note-${p.id}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} />
                    </Field>
                  </div>
                )}
                <div className="mt-2 flex gap-3">
                  {!p.stale && (
                    <Button onClick={() => apply.mutate({ id: p.id, note })} disabled={apply.isPending}>
                      {apply.isPending ? "Applying…" : "Apply as new version"}
                    </Button>
                  )}
                  <ConfirmButton
                    title="Discard this proposal?"
                    body="The active policy stays as it is; the auto-tune's results remain on its experiment page."
                    confirmLabel="Discard"
                    onConfirm={() => discard.mutate({ id: p.id })}
                    disabled={discard.isPending}
                  >
                    Discard
                  </ConfirmButton>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
