// The job form's state (human units: cores, GiB, %, hours) and its conversion to the API input.
import { z } from "zod";
import { jobSubmitSchema, type JobSubmitInput } from "@/server/schemas/job-submit";

export interface JobFormState {
  name: string;
  kind: "TRAINING" | "INFERENCE" | "BATCH";
  cpuCores: string;
  memoryGib: string;
  requestMode: "models" | "compute";
  gpuCount: string;
  gpuSharePct: string;
  allowedGpuModels: string[];
  computeUnits: string;
  minGpuMemoryGib: string;
  gangSize: string;
  /** Elastic: the fewest nodes the gang may start with; "" = fixed at gangSize. */
  minMembers: string;
  /** Keep every node of the gang in one rack (hard). */
  gangSameRack: boolean;
  durationHours: string;
  /** The priority class id; "" = the default class (the form preselects it once the classes load). */
  priorityClassId: string;
  /** Minutes between checkpoints; "" = the job does not checkpoint. */
  checkpointMinutes: string;
  earliestStartAt: string;
  deadlineAt: string;
  allowedRegions: string[];
  allowSplit: boolean;
  maxRunRetries: string;
}

export const emptyJobForm: JobFormState = {
  name: "",
  kind: "TRAINING",
  cpuCores: "8",
  memoryGib: "32",
  requestMode: "models",
  gpuCount: "1",
  gpuSharePct: "100",
  allowedGpuModels: [],
  computeUnits: "",
  minGpuMemoryGib: "",
  gangSize: "1",
  minMembers: "",
  gangSameRack: false,
  durationHours: "2",
  priorityClassId: "",
  checkpointMinutes: "",
  earliestStartAt: "",
  deadlineAt: "",
  allowedRegions: [],
  allowSplit: false,
  maxRunRetries: "2",
};

// An empty box must fail validation as "required", not silently become 0.
const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));

/** Converts the form's human units into the API's machine units. */
export function toSubmitInput(form: JobFormState, idempotencyKey: string): JobSubmitInput {
  const compute = form.requestMode === "compute";
  const gpuCount = compute ? 0 : num(form.gpuCount);
  return {
    idempotencyKey,
    name: form.name,
    kind: form.kind,
    cpuMilli: Math.round(num(form.cpuCores) * 1000),
    memoryMib: Math.round(num(form.memoryGib) * 1024),
    requestMode: form.requestMode,
    gpuCount,
    gpuMilli: compute || gpuCount === 0 ? 0 : Math.round(num(form.gpuSharePct) * 10),
    allowedGpuModels: compute ? [] : form.allowedGpuModels,
    computeUnits: compute ? num(form.computeUnits) : null,
    minGpuMemoryGib: compute ? num(form.minGpuMemoryGib) : null,
    gangSize: num(form.gangSize),
    minMembers: compute || form.minMembers.trim() === "" ? null : num(form.minMembers),
    gangSameRack: form.gangSameRack,
    estimatedDurationS: Math.round(num(form.durationHours) * 3600),
    priorityClassId: form.priorityClassId || null,
    checkpointIntervalS: form.checkpointMinutes.trim() === "" ? null : Math.round(num(form.checkpointMinutes) * 60),
    earliestStartAt: form.earliestStartAt ? new Date(form.earliestStartAt) : null,
    deadlineAt: form.deadlineAt ? new Date(form.deadlineAt) : null,
    allowedRegions: form.allowedRegions,
    allowSplit: form.allowSplit,
    // Optional: an empty box keeps the default.
    maxRunRetries: form.maxRunRetries.trim() === "" ? undefined : Number(form.maxRunRetries),
  };
}

/** The stored request of a job, as the copy needs it. */
export interface JobRequestFields {
  name: string;
  kind: JobFormState["kind"];
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuMilli: number;
  allowedGpuModels: string[];
  computeUnits: number | null;
  minGpuMemoryGib: number | null;
  gangSize: number;
  /** Elastic jobs: the fewest and most nodes (gangSize is then the current count); absent or null = fixed. */
  minMembers?: number | null;
  maxMembers?: number | null;
  /** Absent on rows read without it: false. */
  gangSameRack?: boolean;
  estimatedDurationS: number;
  allowedRegions: string[];
  allowSplit: boolean;
  /** Absent on rows read without it: the default. */
  maxRunRetries?: number;
  /** Absent or null: the default class, and no checkpoints. */
  priorityClassId?: string | null;
  checkpointIntervalS?: number | null;
}

const NAME_MAX = 80;
/** Trims a float to what the form's inputs show (no 0.30000000000000004). */
const show = (x: number) => String(Math.round(x * 1000) / 1000);

/**
 * The form prefilled with a job's request for "resubmit as a copy": the same resources, models,
 * regions, class, checkpoints and duration, the name suffixed "-copy". The flexibility window is left empty on
 * purpose: the old one is usually in the past, and the copy's window is the tenant's new choice.
 */
export function formStateFromJob(job: JobRequestFields): JobFormState {
  const compute = job.computeUnits !== null;
  const suffix = "-copy";
  return {
    name: job.name.endsWith(suffix) ? job.name : `${job.name.slice(0, NAME_MAX - suffix.length)}${suffix}`,
    kind: job.kind,
    cpuCores: show(job.cpuMilli / 1000),
    memoryGib: show(job.memoryMib / 1024),
    requestMode: compute ? "compute" : "models",
    gpuCount: compute ? emptyJobForm.gpuCount : String(job.gpuCount),
    gpuSharePct: !compute && job.gpuCount === 1 ? show(job.gpuMilli / 10) : "100",
    allowedGpuModels: compute ? [] : [...job.allowedGpuModels],
    computeUnits: compute ? show(job.computeUnits!) : "",
    minGpuMemoryGib: compute && job.minGpuMemoryGib !== null ? String(job.minGpuMemoryGib) : "",
    gangSize: String(job.maxMembers ?? job.gangSize),
    minMembers: job.minMembers !== null && job.minMembers !== undefined ? String(job.minMembers) : "",
    gangSameRack: job.gangSameRack ?? false,
    durationHours: show(job.estimatedDurationS / 3600),
    priorityClassId: job.priorityClassId ?? "",
    checkpointMinutes: job.checkpointIntervalS ? show(job.checkpointIntervalS / 60) : "",
    earliestStartAt: "",
    deadlineAt: "",
    allowedRegions: [...job.allowedRegions],
    allowSplit: job.allowSplit,
    maxRunRetries: String(job.maxRunRetries ?? 2),
  };
}

/**
 * The form's values checked exactly as the server checks them: converted to machine units, then the
 * submit schema. Its errors name the API fields (cpuMilli, memoryMib, …), which are the inputs' ids.
 */
export function jobFormSchema(idempotencyKey: string) {
  return z
    .custom<JobFormState>()
    .transform((form) => toSubmitInput(form, idempotencyKey))
    .pipe(jobSubmitSchema);
}
