"use client";
// Retire a cluster: explains what happens to queued and running jobs, and asks for a second click.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";

export interface RetireImpact {
  runningJobs: number;
  busyNodes: number;
  strandedQueuedJobs: number;
}

export function ClusterRetire({ id, name, status, impact }: { id: string; name: string; status: string; impact: RetireImpact }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const retire = useMutation(trpc.clusterAdmin.retire.mutationOptions({ onSuccess: () => router.refresh() }));
  const reactivate = useMutation(trpc.clusterAdmin.reactivate.mutationOptions({ onSuccess: () => router.refresh() }));
  if (status === "RETIRED") {
    return (
      <section aria-labelledby="retire-title" className="flex flex-col gap-3 rounded-xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200">
        <h2 id="retire-title" className="font-semibold">
          Retired
        </h2>
        <p className="text-slate-600">
          {name} is out of the fleet: no jobs are placed here and fleet totals leave it out. Its nodes and history are kept; reactivating makes it active again.
        </p>
        {reactivate.error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {messageOf(reactivate.error)}
          </p>
        )}
        <div>
          <Button variant="secondary" disabled={reactivate.isPending} onClick={() => reactivate.mutate({ id })}>
            {reactivate.isPending ? "Reactivating…" : `Reactivate ${name}`}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="retire-title" className="flex flex-col gap-3 rounded-xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200">
      <h2 id="retire-title" className="font-semibold">
        Retire cluster
      </h2>
      <ul className="list-disc pl-5 text-slate-700">
        <li>A retired cluster takes no new jobs; its nodes and decision history are kept.</li>
        <li>
          Running jobs are never killed: retiring is possible only once none run here. Set the status to <strong>Draining</strong> first; running jobs finish
          and no new ones start.
        </li>
        <li>Queued jobs are not bound to a cluster: the next scheduling cycle places them elsewhere.</li>
      </ul>
      <p data-testid="retire-impact">
        Now: <strong>{impact.runningJobs}</strong> jobs running on <strong>{impact.busyNodes}</strong> nodes here.{" "}
        {impact.strandedQueuedJobs > 0
          ? `${impact.strandedQueuedJobs} queued jobs may run only in this region, where no other active cluster is: they will wait (or expire at their deadline).`
          : "No queued job depends on this cluster alone."}
      </p>
      {retire.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {messageOf(retire.error)}
        </p>
      )}
      <div className="flex gap-3">
        {!confirming ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Retire {name}…
          </Button>
        ) : (
          <>
            <Button variant="danger" disabled={retire.isPending} onClick={() => retire.mutate({ id })}>
              {retire.isPending ? "Retiring…" : `Yes, retire ${name}`}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
