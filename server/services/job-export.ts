/** The fleet jobs table as CSV (operators and admins), with the same filters as the table. */
import { stringify } from "csv-stringify/sync";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { JobQuery } from "../repositories/job-repository";
import { neutralizeFormula } from "../security/csv-formula";
import { DomainError } from "./errors";
import { listJobs } from "./job-service";
import { currentDecisionOutcome } from "./job-state-words";

const EXPORT_LIMIT = 10_000;

/** CSV text of every job matching the filters (up to 10,000 rows), one header line first. */
export async function exportJobsCsv(db: Db, user: SessionUser, filters: Omit<JobQuery, "page" | "pageSize">): Promise<string> {
  if (user.role === "TENANT_MEMBER") throw new DomainError("FORBIDDEN", "This needs the operator or admin role.");
  const { rows } = await listJobs(db, user, { ...filters, page: 1, pageSize: EXPORT_LIMIT });
  return stringify(
    rows.map((j) => ({
      id: j.id,
      name: j.name,
      tenant: j.tenant.name,
      status: j.status,
      kind: j.kind,
      cpu_milli: j.cpuMilli,
      memory_mib: j.memoryMib,
      gpu_count: j.gpuCount,
      gpu_milli_per_gpu: j.gpuMilli,
      gang_size: j.gangSize,
      allowed_gpu_models: j.allowedGpuModels.join("|"),
      compute_units: j.computeUnits ?? "",
      estimated_duration_s: j.estimatedDurationS,
      priority: j.priority,
      cluster: j.decisions[0]?.cluster?.name ?? "",
      decision_outcome: currentDecisionOutcome(j.status, j.decisions[0]?.outcome),
      submitted_at: j.submittedAt.toISOString(),
      started_at: j.startedAt?.toISOString() ?? "",
      finished_at: j.finishedAt?.toISOString() ?? "",
      energy_kwh: j.energyKwh ?? "",
      emissions_gco2e: j.emissionsGCo2e ?? "",
    })),
    {
      header: true,
      // Only text cells are neutralized: numbers (a negative estimate, say) stay numbers in the file.
      cast: { string: neutralizeFormula },
      columns: [
        "id",
        "name",
        "tenant",
        "status",
        "kind",
        "cpu_milli",
        "memory_mib",
        "gpu_count",
        "gpu_milli_per_gpu",
        "gang_size",
        "allowed_gpu_models",
        "compute_units",
        "estimated_duration_s",
        "priority",
        "cluster",
        "decision_outcome",
        "submitted_at",
        "started_at",
        "finished_at",
        "energy_kwh",
        "emissions_gco2e",
      ],
    },
  );
}
