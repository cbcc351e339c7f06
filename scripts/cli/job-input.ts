/**
 * The job a `verdant submit` sends: from `--file job.json` (the API's own fields, as the tRPC input
 * takes them) or from flags in the form's human units (cores, GiB, %, hours), converted by the form's
 * own conversion so both ways in mean the same job.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { emptyJobForm, toSubmitInput, type JobFormState } from "../../components/jobs/job-form-state";
import type { JobSubmitInput } from "../../server/schemas/job-submit";
import { CliError, EXIT } from "./cli-io";

/** The flags of `submit` (node:util parseArgs options). */
export const SUBMIT_OPTIONS = {
  file: { type: "string" },
  name: { type: "string" },
  kind: { type: "string" },
  cpus: { type: "string" },
  memory: { type: "string" },
  gpus: { type: "string" },
  "gpu-share": { type: "string" },
  model: { type: "string", multiple: true },
  compute: { type: "string" },
  "min-gpu-memory": { type: "string" },
  nodes: { type: "string" },
  "min-nodes": { type: "string" },
  "same-rack": { type: "boolean" },
  hours: { type: "string" },
  class: { type: "string" },
  "checkpoint-minutes": { type: "string" },
  "start-after": { type: "string" },
  deadline: { type: "string" },
  region: { type: "string", multiple: true },
  "allow-split": { type: "boolean" },
  "max-retries": { type: "string" },
  "idempotency-key": { type: "string" },
  wait: { type: "string" },
} as const;

export type SubmitFlags = {
  [K in keyof typeof SUBMIT_OPTIONS]?: (typeof SUBMIT_OPTIONS)[K] extends { multiple: true }
    ? string[]
    : (typeof SUBMIT_OPTIONS)[K] extends { type: "boolean" }
      ? boolean
      : string;
};

/** The flag each API field is set with, so a server message names what the user typed. */
const FLAG_OF_FIELD: Record<string, string> = {
  idempotencyKey: "--idempotency-key",
  name: "--name",
  kind: "--kind",
  cpuMilli: "--cpus",
  memoryMib: "--memory",
  requestMode: "--compute",
  gpuCount: "--gpus",
  gpuMilli: "--gpu-share",
  allowedGpuModels: "--model",
  computeUnits: "--compute",
  minGpuMemoryGib: "--min-gpu-memory",
  gangSize: "--nodes",
  gangSameRack: "--same-rack",
  minMembers: "--min-nodes",
  estimatedDurationS: "--hours",
  priorityClassId: "--class",
  checkpointIntervalS: "--checkpoint-minutes",
  earliestStartAt: "--start-after",
  deadlineAt: "--deadline",
  allowedRegions: "--region",
  allowSplit: "--allow-split",
  maxRunRetries: "--max-retries",
};

/** The flag for an API field (`allowedGpuModels.2` is `--model`); unknown fields keep their name. */
export function flagOfField(field: string): string {
  return FLAG_OF_FIELD[field.split(".")[0] ?? field] ?? field;
}

/** Flags that describe the job (everything but --file, --wait and --idempotency-key). */
const JOB_FLAGS = Object.keys(SUBMIT_OPTIONS).filter((k) => !["file", "wait", "idempotency-key"].includes(k));

const NUMERIC: [keyof SubmitFlags, string][] = [
  ["cpus", "CPU cores"],
  ["memory", "memory in GiB"],
  ["gpus", "a GPU count"],
  ["gpu-share", "a GPU share in %"],
  ["compute", "compute in A100-equivalents"],
  ["min-gpu-memory", "GPU memory in GiB"],
  ["nodes", "a node count"],
  ["min-nodes", "a node count"],
  ["hours", "hours"],
  ["checkpoint-minutes", "minutes"],
  ["max-retries", "a retry count"],
];

function dateFlag(flag: string, value: string | undefined): string {
  if (value === undefined) return "";
  if (Number.isNaN(new Date(value).getTime()))
    throw new CliError(`--${flag}: "${value}" is not a date; write it as ISO 8601, e.g. 2026-11-25T06:00Z.`, EXIT.usage);
  return value;
}

/** The submit input from flags, in the form's units; `classId` is the priority class the --class flag named. */
export function jobFromFlags(flags: SubmitFlags, classId: string | null): JobSubmitInput {
  for (const [flag, what] of NUMERIC) {
    const value = flags[flag];
    if (typeof value === "string" && (value.trim() === "" || !Number.isFinite(Number(value))))
      throw new CliError(`--${flag}: "${value}" is not a number (${what}).`, EXIT.usage);
  }
  if (!flags.name) throw new CliError("--name is required (or pass --file job.json).", EXIT.usage);
  const kind = (flags.kind ?? "training").toUpperCase();
  if (kind !== "TRAINING" && kind !== "INFERENCE" && kind !== "BATCH")
    throw new CliError(`--kind: "${flags.kind}" is not training, inference or batch.`, EXIT.usage);
  const compute = flags.compute !== undefined;
  const form: JobFormState = {
    ...emptyJobForm,
    name: flags.name,
    kind,
    cpuCores: flags.cpus ?? emptyJobForm.cpuCores,
    memoryGib: flags.memory ?? emptyJobForm.memoryGib,
    requestMode: compute ? "compute" : "models",
    gpuCount: flags.gpus ?? emptyJobForm.gpuCount,
    gpuSharePct: flags["gpu-share"] ?? emptyJobForm.gpuSharePct,
    allowedGpuModels: flags.model ?? [],
    computeUnits: flags.compute ?? "",
    minGpuMemoryGib: flags["min-gpu-memory"] ?? "",
    gangSize: flags.nodes ?? emptyJobForm.gangSize,
    minMembers: flags["min-nodes"] ?? "",
    gangSameRack: flags["same-rack"] ?? false,
    durationHours: flags.hours ?? emptyJobForm.durationHours,
    priorityClassId: classId ?? "",
    checkpointMinutes: flags["checkpoint-minutes"] ?? "",
    earliestStartAt: dateFlag("start-after", flags["start-after"]),
    deadlineAt: dateFlag("deadline", flags.deadline),
    allowedRegions: flags.region ?? [],
    allowSplit: flags["allow-split"] ?? false,
    maxRunRetries: flags["max-retries"] ?? "",
  };
  return toSubmitInput(form, flags["idempotency-key"] ?? `cli-${randomUUID()}`);
}

/** The submit input from a JSON file holding the API's fields; dates may be ISO strings. */
export async function jobFromFile(path: string, flags: SubmitFlags): Promise<JobSubmitInput> {
  const mixed = JOB_FLAGS.filter((flag) => flags[flag as keyof SubmitFlags] !== undefined);
  if (mixed.length > 0)
    throw new CliError(`Pass the job either in --file or as flags, not both (also given: ${mixed.map((f) => `--${f}`).join(", ")}).`, EXIT.usage);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as Error).message}`, EXIT.usage);
  }
  let job: unknown;
  try {
    job = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`, EXIT.usage);
  }
  if (typeof job !== "object" || job === null || Array.isArray(job)) throw new CliError(`${path} must hold one JSON object with the job's fields.`, EXIT.usage);
  const fields = { ...(job as Record<string, unknown>) };
  for (const key of ["earliestStartAt", "deadlineAt"]) {
    const value = fields[key];
    if (typeof value === "string") {
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) throw new CliError(`${key} in ${path}: "${value}" is not a date; write it as ISO 8601.`, EXIT.usage);
      fields[key] = at;
    }
  }
  fields.idempotencyKey ??= flags["idempotency-key"] ?? `cli-${randomUUID()}`;
  return fields as JobSubmitInput;
}
