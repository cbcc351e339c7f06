import { formatCpu, formatGpuRequest, formatMemory } from "@/components/ui/format";

interface JobResources {
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuMilli: number;
  gangSize: number;
  computeUnits: number | null;
  minGpuMemoryGib: number | null;
  allowedGpuModels: string[];
}

/** The resources of a job in one compact cell. */
export function JobResourcesCell({ job }: { job: JobResources }) {
  return (
    <span className="whitespace-nowrap">
      {formatGpuRequest(job.gpuCount, job.gpuMilli, job.computeUnits, job.minGpuMemoryGib)}
      {job.allowedGpuModels.length > 0 && <span className="text-slate-500"> on {job.allowedGpuModels.join("|")}</span>}
      <span className="text-slate-500">
        {" "}
        · {formatCpu(job.cpuMilli)} · {formatMemory(job.memoryMib)}
        {job.gangSize > 1 ? ` · ×${job.gangSize} nodes` : ""}
      </span>
    </span>
  );
}
