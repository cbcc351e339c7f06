import type { Metadata } from "next";
import { TRPCError } from "@trpc/server";
import { JobForm } from "@/components/jobs/job-form";
import { formStateFromJob, type JobFormState } from "@/components/jobs/job-form-state";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Submit a job" };

/** The job to copy, prefilled; null with a reason when it is not the caller's tenant's job. */
async function copyOf(id: string | undefined): Promise<{ form: JobFormState; from: string } | { missing: true } | null> {
  if (!id) return null;
  try {
    // jobs.get answers NOT_FOUND for another tenant's job: the copy never reveals it.
    const job = await (await api()).jobs.get({ id });
    return { form: formStateFromJob(job), from: job.name };
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) return { missing: true };
    throw error;
  }
}

export default async function SubmitJobPage({ searchParams }: { searchParams: Promise<{ copy?: string }> }) {
  await requireRole("TENANT_MEMBER");
  const copy = await copyOf((await searchParams).copy);
  return (
    <>
      <PageHeader title="Submit a job" description="Describe what the job needs; Verdant decides where and when it runs with the least carbon." />
      {copy && "form" in copy && (
        <p role="status" className="mb-4 rounded-md bg-leaf-50 p-3 text-sm text-leaf-900 ring-1 ring-leaf-100" data-testid="copy-notice">
          A copy of <strong>{copy.from}</strong>: the same request, submitted as a new job. Set a new flexibility window if it needs one.
        </p>
      )}
      {copy && "missing" in copy && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          That job was not found among your tenant&apos;s jobs, so the form starts empty.
        </p>
      )}
      <JobForm key={copy && "form" in copy ? copy.from : "new"} initial={copy && "form" in copy ? copy.form : undefined} />
    </>
  );
}
