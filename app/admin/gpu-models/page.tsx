import type { Metadata } from "next";
import { GpuModelManager } from "@/components/admin/gpu-model-manager";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "GPU models" };

export default async function GpuModelsPage() {
  await requireRole("ADMIN");
  const models = await (await api()).gpuModels.list();
  return (
    <>
      <PageHeader title="GPU models" description="Memory, compute and power of each model: the scheduler's energy and compute-native figures come from here." />
      <GpuModelManager models={models} />
    </>
  );
}
