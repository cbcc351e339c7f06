import type { Metadata } from "next";
import { JobForm } from "@/components/jobs/job-form";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Submit a job" };

export default function SubmitJobPage() {
  return (
    <>
      <PageHeader title="Submit a job" description="Describe what the job needs; Verdant decides where and when it runs with the least carbon." />
      <JobForm />
    </>
  );
}
