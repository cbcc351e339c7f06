import type { Metadata } from "next";
import Link from "next/link";
import { AutoTuneForm } from "@/components/experiments/auto-tune-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "New auto-tune" };

export default async function NewAutoTunePage() {
  await requireRole("OPERATOR", "ADMIN");
  return (
    <>
      <PageHeader
        title="New auto-tune"
        description="Searches the active policy's weights and deferral thresholds by replaying the fleet's own recorded history, validates the best on a later held-out window, and proposes a new version to the admins when it beats the active one there."
        actions={
          <Link href="/operator/experiments" className="text-sm font-medium text-leaf-700 underline">
            All experiments
          </Link>
        }
      />
      <AutoTuneForm />
    </>
  );
}
