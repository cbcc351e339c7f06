/** Admin form for a priority class: its name, priority, whether it may preempt or be preempted, and the default. */
import { z } from "zod";
import { safeString } from "./safe-input";

export const priorityClassFormSchema = z.object({
  /** Absent when creating; the class to edit otherwise. */
  id: safeString("Class id", 40).min(1).optional(),
  name: safeString("Name", 40, "At most 40 characters")
    .trim()
    .min(1, "Enter a name")
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, "Lowercase letters, digits and dashes, as in pc-production"),
  priority: z.number({ error: "Enter the priority" }).int("A whole number").min(0, "0 to 1,000,000").max(1_000_000, "0 to 1,000,000"),
  canPreempt: z.boolean(),
  preemptible: z.boolean(),
  isDefault: z.boolean(),
  description: safeString("Description", 300, "At most 300 characters").trim(),
});

export type PriorityClassForm = z.output<typeof priorityClassFormSchema>;
