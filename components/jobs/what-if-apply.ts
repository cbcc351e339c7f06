// A what-if's fields turned into the job form's human units, so applying one and previewing again asks the same thing.
import type { WhatIfApply } from "@/server/services/what-if-service";
import type { JobFormState } from "./job-form-state";

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local value in the browser's zone (what the form's date inputs hold). */
export function toLocalInput(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The form fields a what-if changes (dates arrive as Dates or, over JSON, as strings). */
export function formPatchOf(apply: WhatIfApply): Partial<JobFormState> {
  const out: Partial<JobFormState> = {};
  if (apply.deadlineAt !== undefined) out.deadlineAt = apply.deadlineAt === null ? "" : toLocalInput(new Date(apply.deadlineAt));
  if (apply.allowedGpuModels !== undefined) out.allowedGpuModels = [...apply.allowedGpuModels];
  if (apply.gpuCount !== undefined) out.gpuCount = String(apply.gpuCount);
  if (apply.gangSize !== undefined) out.gangSize = String(apply.gangSize);
  if (apply.estimatedDurationS !== undefined) out.durationHours = String(apply.estimatedDurationS / 3600);
  if (apply.allowedRegions !== undefined) out.allowedRegions = [...apply.allowedRegions];
  return out;
}
