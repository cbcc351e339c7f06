/** Admin form for a GPU model of the catalog. */
import { z } from "zod";
import { safeString } from "./safe-input";

export const gpuModelFormSchema = z
  .object({
    id: safeString("Model code", 40, "At most 40 characters")
      .trim()
      .min(1, "Enter the model code")
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Letters, digits, dots, dashes and underscores, as in inventories (e.g. A100-SXM4-80GB)"),
    vendor: safeString("Vendor", 40, "At most 40 characters").trim().min(1, "Enter the vendor"),
    displayName: safeString("Display name", 80, "At most 80 characters").trim().min(1, "Enter a display name"),
    memoryGib: z.number({ error: "Enter the memory" }).int("Whole GiB").min(1, "1 to 1024 GiB").max(1024, "1 to 1024 GiB"),
    computeUnits: z.number({ error: "Enter the compute" }).gt(0, "Above 0").max(100, "At most 100 A100-equivalents"),
    idleWatts: z.number({ error: "Enter the idle power" }).min(0, "0 W or more").max(5000, "At most 5,000 W"),
    maxWatts: z.number({ error: "Enter the maximum power" }).gt(0, "Above 0 W").max(5000, "At most 5,000 W"),
    powerSource: safeString("Power source", 200, "At most 200 characters").trim().min(1, "Say where the figures come from"),
    figuresEstimated: z.boolean(),
  })
  .refine((m) => m.idleWatts <= m.maxWatts, { message: "Idle power cannot exceed the maximum power", path: ["idleWatts"] });

export type GpuModelForm = z.output<typeof gpuModelFormSchema>;
