import type { Metadata } from "next";
import { PolicyEditor } from "@/components/admin/policy-editor";
import { PolicyRollbackButton } from "@/components/admin/policy-rollback-button";
import { PolicyProposals } from "@/components/admin/policy-proposals";
import { Timestamp } from "@/components/time/timestamp";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Placement policy" };

export default async function PolicyPage() {
  await requireRole("ADMIN");
  const { active, versions } = await (await api()).policies.get();
  const c = active.constraints;
  return (
    <>
      <PageHeader
        title="Placement policy"
        description={`${active.name}, version ${active.version} is active. Every save or rollback is a new version, audited.`}
      />
      <PolicyProposals />
      <PolicyEditor
        initial={{
          objectiveWeights: active.objectiveWeights,
          maxDeferralHours: c.maxDeferralHours,
          minDeferralSavingPct: c.minDeferralSavingPct,
          minDeferralSavingGCo2e: c.minDeferralSavingGCo2e,
          honorCarbonBudget: c.honorCarbonBudget,
          allowSplitAcrossClusters: c.allowSplitAcrossClusters,
          backfill: c.backfill,
          preemptExemptMinutes: c.preemptExemptMinutes,
          note: "",
        }}
      />
      <section className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="versions-title">
        <h2 id="versions-title" className="mb-3 font-semibold">
          Versions
        </h2>
        <ol className="flex flex-col gap-3 text-sm" data-testid="policy-versions">
          {versions.map((v) => (
            <li key={v.id}>
              <p>
                <strong>v{v.version}</strong> {v.active && <span className="rounded-full bg-leaf-100 px-2 text-xs font-semibold text-leaf-900">active</span>} ·{" "}
                {v.createdBy} · <Timestamp value={v.createdAt} />
                {v.note ? ` · “${v.note}”` : ""}
              </p>
              {!v.active && v.differsFromActive > 0 && (
                <div className="mt-1">
                  <PolicyRollbackButton version={v.version} activeVersion={active.version} changeCount={v.differsFromActive} />
                </div>
              )}
              {v.changes.length > 0 && v.version > 1 && (
                <ul className="ml-4 list-disc text-slate-700">
                  {v.changes.map((ch) => (
                    <li key={ch.key}>
                      <span className="font-mono">{ch.key}</span>: {String(ch.before)} → {String(ch.after)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
