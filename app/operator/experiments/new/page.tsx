import type { Metadata } from "next";
import { ExperimentForm } from "@/components/experiments/experiment-form";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "New experiment" };

export default async function NewExperimentPage() {
  await requireRole("OPERATOR", "ADMIN");
  const examples = await (await api()).experiments.examples();
  return (
    <>
      <PageHeader title="New experiment" description="Pick a scenario, choose the policies to compare and the baseline every saving is measured against." />
      <ExperimentForm examples={examples} />
    </>
  );
}
