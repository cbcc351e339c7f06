/**
 * The four commands. Each returns what it printed as data too, so `--json` prints the same facts for
 * scripts. Decision texts come from the server, rendered from the stored typed explanation by the same
 * function the job and decision pages use.
 */
import type { JobSubmitInput } from "../../server/schemas/job-submit";
import type { VerdantClient } from "./api-client";
import { CliError, EXIT } from "./cli-io";
import { textTable, utcMinutes } from "./text-table";

/** What a command prints: lines for people, a value for --json. */
export interface CommandResult {
  text: string;
  json: unknown;
}

type LatestDecision = { id: string; outcome: string; createdAt: Date; text: string[] };

const decisionLines = (d: LatestDecision) => [
  `Decision ${d.id}: ${d.outcome.toLowerCase()} at ${utcMinutes(d.createdAt)}`,
  ...d.text.map((line) => `  ${line}`),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The priority class a --class flag names, by id or (case-insensitively) by name. */
export async function resolveClass(client: VerdantClient, wanted: string | undefined): Promise<string | null> {
  if (wanted === undefined) return null;
  const classes = await client.priorityClasses.choices.query();
  const match = classes.find((c) => c.id === wanted) ?? classes.find((c) => c.name.toLowerCase() === wanted.toLowerCase());
  if (!match) throw new CliError(`--class: no priority class "${wanted}"; choose one of ${classes.map((c) => c.name).join(", ")}.`, EXIT.usage);
  return match.id;
}

/**
 * Submits the job, then waits up to `waitS` seconds for the scheduler's first decision about it
 * (the scheduler decides queued jobs every few seconds; 0 does not wait).
 */
export async function submitCommand(client: VerdantClient, job: JobSubmitInput, waitS: number, pollMs = 1000): Promise<CommandResult> {
  const submitted = await client.jobs.submit.mutate(job);
  const deadline = Date.now() + waitS * 1000;
  let decision: LatestDecision | null = null;
  for (;;) {
    decision = (await client.queue.job.query({ id: submitted.jobId })).latestDecision;
    if (decision || Date.now() >= deadline) break;
    await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
  }
  const lines = [
    submitted.created
      ? `Submitted job ${submitted.jobId} (${job.name}).`
      : `Job ${submitted.jobId} (${job.name}) was already submitted with this idempotency key.`,
    ...(decision
      ? decisionLines(decision)
      : [`No decision yet${waitS > 0 ? ` after ${waitS} s` : ""}; \`verdant why ${submitted.jobId}\` shows it once the scheduler has decided.`]),
  ];
  return { text: lines.join("\n") + "\n", json: { jobId: submitted.jobId, created: submitted.created, decision } };
}

/** One job's state, pending reason and latest decision. */
export async function statusOfJob(client: VerdantClient, id: string): Promise<CommandResult> {
  const job = await client.queue.job.query({ id });
  const lines = [
    `${job.name} (${job.id}) · ${job.tenantName}`,
    `Status: ${job.status.toLowerCase()}${job.statusReason ? ` — ${job.statusReason}` : ""}`,
    `Request: ${job.gpuCount} GPU${job.gpuCount === 1 ? "" : "s"} x ${job.gangSize} node${job.gangSize === 1 ? "" : "s"}, ${Math.round(job.estimatedDurationS / 60)} min${job.priorityClass ? `, class ${job.priorityClass}` : ""}`,
    `Submitted: ${utcMinutes(job.submittedAt)}`,
    ...(job.startedAt ? [`Started: ${utcMinutes(job.startedAt)}`] : []),
    ...(job.finishedAt ? [`Finished: ${utcMinutes(job.finishedAt)}`] : []),
    ...(job.pending
      ? [`Waiting: ${job.pending.reasonLabel}${job.pending.expectedStartAt ? `; expected start ${utcMinutes(job.pending.expectedStartAt)}` : ""}`]
      : []),
    ...(job.reservation ? [`Reserved: ${job.reservation.clusterName} (${job.reservation.nodes.join(", ")}) from ${utcMinutes(job.reservation.startAt)}`] : []),
    job.latestDecision
      ? `Latest decision: ${job.latestDecision.outcome.toLowerCase()} at ${utcMinutes(job.latestDecision.createdAt)} (verdant why ${job.id})`
      : "No decision yet.",
  ];
  return { text: lines.join("\n") + "\n", json: job };
}

/** GPUs per node (a share of one as a fraction) times nodes, or the compute asked for. */
function gpusCell(r: { computeUnits: number | null; gpuCount: number; gpuMilli: number; gangSize: number }): string {
  if (r.computeUnits !== null) return `${r.computeUnits} A100-eq`;
  const perNode = r.gpuCount === 1 && r.gpuMilli < 1000 ? String(r.gpuMilli / 1000) : String(r.gpuCount);
  return `${perNode}${r.gangSize > 1 ? ` x ${r.gangSize}` : ""}`;
}

/** The caller's jobs as a table: a tenant member's own tenant's, an operator's or admin's every tenant's. */
export async function statusOfJobs(client: VerdantClient, limit: number): Promise<CommandResult> {
  const me = await client.auth.me.query();
  if (!me) throw new CliError("The server did not recognise the token's user.", EXIT.auth);
  const query = { page: 1, pageSize: limit };
  const page = me.role === "TENANT_MEMBER" ? await client.jobs.mine.query(query) : await client.jobs.list.query(query);
  const fleet = me.role !== "TENANT_MEMBER";
  const rows = page.rows.map((r) => [
    r.id,
    r.name,
    ...(fleet ? [r.tenant.name] : []),
    r.status.toLowerCase(),
    gpusCell(r),
    utcMinutes(r.submittedAt),
    r.decisions[0] ? `${r.decisions[0].outcome.toLowerCase()}${r.decisions[0].cluster ? ` (${r.decisions[0].cluster.name})` : ""}` : "-",
  ]);
  const header = ["ID", "NAME", ...(fleet ? ["TENANT"] : []), "STATUS", "GPUS", "SUBMITTED", "LAST DECISION"];
  const more = page.total > page.rows.length ? `${page.rows.length} of ${page.total} jobs, newest first (--limit to see more).\n` : "";
  return { text: page.rows.length === 0 ? "No jobs.\n" : textTable(header, rows) + more, json: page };
}

/** The explanation of the job's latest decision, as the decision page writes it. */
export async function whyCommand(client: VerdantClient, id: string): Promise<CommandResult> {
  const job = await client.queue.job.query({ id });
  if (!job.latestDecision) {
    return {
      text: `${job.name} (${job.id}) has no decision yet: the scheduler decides queued jobs every few seconds.\n`,
      json: { jobId: job.id, decision: null },
    };
  }
  const decision = await client.decisions.get.query({ id: job.latestDecision.id });
  const lines = [`${job.name} (${job.id}) · ${job.status.toLowerCase()}`, ...decisionLines(decision)];
  return { text: lines.join("\n") + "\n", json: { jobId: job.id, decision } };
}

/** Cancels a job that has not started. */
export async function cancelCommand(client: VerdantClient, id: string): Promise<CommandResult> {
  await client.jobs.cancel.mutate({ id });
  return { text: `Cancelled job ${id}.\n`, json: { jobId: id, cancelled: true } };
}
