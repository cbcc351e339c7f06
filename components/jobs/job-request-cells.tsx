import { formatCpu, formatGpuRequest, formatMemory } from "@/components/ui/format";

interface JobResources {
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuMilli: number;
  gangSize: number;
  /** Elastic range (gangSize is then the current count); absent or null = fixed size. */
  minMembers?: number | null;
  maxMembers?: number | null;
  gangSameRack?: boolean;
  computeUnits: number | null;
  minGpuMemoryGib: number | null;
  allowedGpuModels: string[];
}

/** " · ×8 nodes", with the elastic range ("×2 of 2-8 nodes") and the one-rack rule when the job has them. */
function gangText(job: JobResources): string {
  const elastic = job.minMembers != null && job.maxMembers != null ? ` of ${job.minMembers}-${job.maxMembers}` : "";
  if (job.gangSize <= 1 && !elastic) return "";
  return ` · ×${job.gangSize}${elastic} nodes${job.gangSameRack ? ", one rack" : ""}`;
}

/** The resources of a job in one compact cell: the GPUs first, then CPU, memory and gang on a second line so the cell stays narrow. */
export function JobResourcesCell({ job }: { job: JobResources }) {
  return (
    <span className="block min-w-32">
      <span className="block">
        {formatGpuRequest(job.gpuCount, job.gpuMilli, job.computeUnits, job.minGpuMemoryGib)}
        {job.allowedGpuModels.length > 0 && <span className="break-all text-slate-500"> on {job.allowedGpuModels.join(" | ")}</span>}
      </span>
      <span className="block text-xs text-slate-600">
        {formatCpu(job.cpuMilli)} · {formatMemory(job.memoryMib)}
        {gangText(job)}
      </span>
    </span>
  );
}
