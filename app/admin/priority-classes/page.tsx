import type { Metadata } from "next";
import { PriorityClassManager } from "@/components/admin/priority-class-manager";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Priority classes" };

export default async function PriorityClassesPage() {
  await requireRole("ADMIN");
  const classes = await (await api()).priorityClasses.list();
  return (
    <>
      <PageHeader
        title="Priority classes"
        description="Jobs are submitted into a class. Higher priority goes first in the queue; a class that may preempt takes GPUs from running jobs of lower, preemptible classes when it cannot start otherwise, and they resume from their last checkpoint."
      />
      <PriorityClassManager classes={classes} />
    </>
  );
}
