/**
 * The job submission input, shared by the tenant form (client-side validation) and the server
 * (the authority). Machine units: CPU in milli-cores, memory in MiB, GPU share in milli-GPU.
 */
import { z } from "zod";
import { safeDate, safeString } from "./safe-input";

export const JOB_KINDS = ["TRAINING", "INFERENCE", "BATCH"] as const;

const MAX_DURATION_S = 30 * 24 * 3600;

export const jobSubmitSchema = z
  .object({
    idempotencyKey: safeString("Idempotency key", 100, "must be at most 100 characters").trim().min(8, "must be at least 8 characters"),
    name: safeString("Name", 80, "Name must be at most 80 characters")
      .trim()
      .min(1, "Name is required")
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, "Use letters, digits, spaces, dots, dashes and underscores"),
    kind: z.enum(JOB_KINDS, { error: "Choose training, inference or batch" }),
    cpuMilli: z
      .number({ error: "CPU is required" })
      .int("CPU must be whole milli-cores")
      .min(100, "At least 0.1 CPU core")
      .max(512_000, "At most 512 CPU cores"),
    memoryMib: z
      .number({ error: "Memory is required" })
      .int("Memory must be whole MiB")
      .min(128, "At least 128 MiB")
      .max(4 * 1024 * 1024, "At most 4 TiB"),
    requestMode: z.enum(["models", "compute"]).default("models"),
    gpuCount: z.number().int("GPUs must be a whole number").min(0, "GPUs cannot be negative").max(64, "At most 64 GPUs per node"),
    gpuMilli: z.number().int().min(0).max(1000, "A GPU share is at most 1000 milli-GPU (one whole GPU)"),
    allowedGpuModels: z.array(safeString("GPU model", 64).min(1)).max(20).default([]),
    computeUnits: z.number().positive("Compute must be positive").max(10_000).nullable().default(null),
    minGpuMemoryGib: z.number().int().min(1).max(1024).nullable().default(null),
    gangSize: z.number().int("Gang size must be a whole number").min(1, "Gang size is at least 1").max(64, "At most 64 nodes"),
    /** A gang that must keep every node in one rack (hard); false = the tightest topology group, its cost stated. */
    gangSameRack: z.boolean().default(false),
    /** Elastic training: the fewest nodes the gang may start with (gangSize is the most); null = fixed size. */
    minMembers: z
      .number({ error: "Fewest nodes is a whole number" })
      .int("Fewest nodes must be a whole number")
      .min(1, "Fewest nodes is at least 1")
      .max(64, "At most 64 nodes")
      .nullable()
      .default(null),
    estimatedDurationS: z.number().int().min(60, "At least one minute").max(MAX_DURATION_S, "At most 30 days"),
    /** Before priority classes a job stated its own 0-10 priority; accepted from older clients and ignored (the class sets it). */
    priority: z.number().int().min(0, "Priority is 0 to 10").max(10, "Priority is 0 to 10").optional(),
    /** The priority class (its id); null = the default class. The server checks it exists. */
    priorityClassId: safeString("Priority class", 40).min(1, "Choose a priority class").nullable().default(null),
    /** How often the job saves a checkpoint (s): a preempted or interrupted run resumes from the last one. Null = never. */
    checkpointIntervalS: z
      .number({ error: "Checkpoint interval is 1 minute to 7 days" })
      .int("Checkpoint interval must be whole seconds")
      .min(60, "Checkpoint interval is 1 minute to 7 days")
      .max(7 * 24 * 3600, "Checkpoint interval is 1 minute to 7 days")
      .nullable()
      .default(null),
    earliestStartAt: safeDate("Earliest start").nullable().default(null),
    deadlineAt: safeDate("Deadline").nullable().default(null),
    allowedRegions: z.array(safeString("Region", 64).min(1)).max(20).default([]),
    allowSplit: z.boolean().default(false),
    /** Failed runs retried (after a back-off) before the job ends FAILED. */
    maxRunRetries: z
      .number({ error: "Max retries is 0 to 10" })
      .int("Max retries must be a whole number")
      .min(0, "Max retries is 0 to 10")
      .max(10, "Max retries is 0 to 10")
      .default(2),
  })
  .superRefine((job, ctx) => {
    if (job.requestMode === "models") {
      if (job.gpuCount > 1 && job.gpuMilli !== 1000)
        ctx.addIssue({ code: "custom", path: ["gpuMilli"], message: "Multi-GPU jobs take whole GPUs: the share must be 100%" });
      if (job.gpuCount === 0 && job.gpuMilli !== 0) ctx.addIssue({ code: "custom", path: ["gpuMilli"], message: "A CPU-only job has no GPU share" });
      if (job.gpuCount >= 1 && job.gpuMilli < 10) ctx.addIssue({ code: "custom", path: ["gpuMilli"], message: "A GPU share is at least 10 milli-GPU (1%)" });
      if (job.computeUnits !== null) ctx.addIssue({ code: "custom", path: ["computeUnits"], message: "Compute is only for compute-native requests" });
    } else {
      if (job.computeUnits === null) ctx.addIssue({ code: "custom", path: ["computeUnits"], message: "Enter the compute you need (A100-equivalents)" });
      if (job.minGpuMemoryGib === null) ctx.addIssue({ code: "custom", path: ["minGpuMemoryGib"], message: "Enter the minimum GPU memory" });
      if (job.allowedGpuModels.length > 0)
        ctx.addIssue({ code: "custom", path: ["allowedGpuModels"], message: "Compute-native requests leave the GPU model to Verdant" });
    }
    if (job.minMembers !== null && job.minMembers > job.gangSize)
      ctx.addIssue({ code: "custom", path: ["minMembers"], message: "Fewest nodes cannot exceed the gang size (the most nodes)" });
    if (job.minMembers !== null && job.minMembers < job.gangSize && job.requestMode === "compute")
      ctx.addIssue({
        code: "custom",
        path: ["minMembers"],
        message: "Elastic size is for jobs that name GPU models; compute-native requests are sized by Verdant",
      });
    if (job.earliestStartAt && job.deadlineAt) {
      const earliestEnd = job.earliestStartAt.getTime() + job.estimatedDurationS * 1000;
      if (job.deadlineAt.getTime() < earliestEnd)
        ctx.addIssue({ code: "custom", path: ["deadlineAt"], message: "The deadline leaves less time than the estimated duration after the start" });
    }
  });

export type JobSubmitInput = z.input<typeof jobSubmitSchema>;
export type JobSubmit = z.output<typeof jobSubmitSchema>;
