/** What the audit log can be filtered by: who acted, which kind of entity, which one, and when. */
import { z } from "zod";
import { safeString } from "./safe-input";

const id = (label: string) =>
  safeString(label, 100)
    .min(1)
    .regex(/^[A-Za-z0-9_.:-]+$/, `${label} is not an id`);

/** Page, size and the optional filters; `from` is inclusive, `to` exclusive, both instants. */
export const auditQueryInput = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
    actorId: id("Actor").optional(),
    entityType: safeString("Entity type", 60)
      .regex(/^[A-Za-z]+$/, "Entity type is not a type name")
      .optional(),
    entityId: id("Entity").optional(),
    from: z.date({ error: "From must be a date" }).optional(),
    to: z.date({ error: "To must be a date" }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: "From must be before To", path: ["to"] });

/** The entity whose name the filter bar shows. */
export const auditFilterOptionsInput = z.object({ entityType: z.string().max(60).optional(), entityId: id("Entity").optional() }).optional();
