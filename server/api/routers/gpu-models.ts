/** GPU model catalog administration (admins). */
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { gpuModelFormSchema } from "../../schemas/gpu-model-form";
import { createGpuModel, editGpuModel, listGpuModels, removeGpuModel } from "../../services/gpu-model-service";
import { safeString } from "../../schemas/safe-input";

const gpuModelOut = z.object({
  id: z.string(),
  vendor: z.string(),
  displayName: z.string(),
  memoryGib: z.number().int(),
  computeUnits: z.number(),
  idleWatts: z.number(),
  maxWatts: z.number(),
  powerSource: z.string(),
  figuresEstimated: z.boolean(),
});

export const gpuModelsRouter = router({
  /** Every model with how many nodes and GPUs of the fleet use it. */
  list: adminProcedure.output(z.array(gpuModelOut.extend({ nodes: z.number().int(), gpus: z.number().int() }))).query(({ ctx }) => listGpuModels(ctx.db)),
  create: adminProcedure
    .input(gpuModelFormSchema)
    .output(gpuModelOut)
    .mutation(({ ctx, input }) => createGpuModel(ctx.db, ctx.user, input, ctx.now())),
  update: adminProcedure
    .input(gpuModelFormSchema)
    .output(gpuModelOut)
    .mutation(({ ctx, input }) => editGpuModel(ctx.db, ctx.user, input, ctx.now())),
  /** Refused while any node uses the model (the message says how many GPUs). */
  delete: adminProcedure
    .input(z.object({ id: safeString("Model code", 40).min(1) }))
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => removeGpuModel(ctx.db, ctx.user, input.id, ctx.now())),
});
