import type { Metadata } from "next";
import Link from "next/link";
import { ExperimentList } from "@/components/experiments/experiment-list";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Experiments" };

export default async function ExperimentsPage() {
  await requireRole("OPERATOR", "ADMIN");
  const experiments = await (await api()).experiments.list({ take: 50 });
  return (
    <>
      <PageHeader
        title="Experiments"
        description="Simulations of the fleet under several policies on the same trace and seed, compared side by side."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link
              href="/operator/experiments/auto-tune"
              className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-100"
            >
              New auto-tune
            </Link>
            <Link
              href="/operator/experiments/new"
              className="rounded-md bg-leaf-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-leaf-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
            >
              New experiment
            </Link>
          </div>
        }
      />
      <ExperimentList initial={experiments} />
    </>
  );
}
