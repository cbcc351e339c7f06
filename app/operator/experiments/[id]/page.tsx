import type { Metadata } from "next";
import Link from "next/link";
import { AutoTuneDetailView } from "@/components/experiments/auto-tune-detail";
import { ExperimentDetailView } from "@/components/experiments/experiment-detail";
import { PageHeader } from "@/components/ui/page-header";
import { api, orNotFound } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Experiment" };

export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  await requireRole("OPERATOR", "ADMIN");
  const { id } = await params;
  const experiment = await orNotFound((await api()).experiments.get({ id }));
  return (
    <>
      <PageHeader
        title={experiment.name}
        description={
          experiment.source.startsWith("auto-tune")
            ? "Auto-tune of the active policy on the fleet's recorded history"
            : `${experiment.source} · policies ${experiment.policies.join(", ")} · baseline ${experiment.baseline}`
        }
        actions={
          <Link href="/operator/experiments" className="text-sm font-medium text-leaf-700 underline">
            All experiments
          </Link>
        }
      />
      {experiment.source.startsWith("auto-tune") ? <AutoTuneDetailView initial={experiment} /> : <ExperimentDetailView initial={experiment} />}
    </>
  );
}
