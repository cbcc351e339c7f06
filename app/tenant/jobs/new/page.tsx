import type { Metadata } from "next";
import { JobForm } from "@/components/jobs/job-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Submit a job" };

export default async function SubmitJobPage() {
  await requireRole("TENANT_MEMBER");
  return (
    <>
      <PageHeader title="Submit a job" description="Describe what the job needs; Verdant decides where and when it runs with the least carbon." />
      <JobForm />
    </>
  );
}
