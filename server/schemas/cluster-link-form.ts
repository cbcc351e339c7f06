/** Admin form for a network link between two clusters (what a split across clusters travels over). */
import { z } from "zod";
import { safeString } from "./safe-input";

const clusterId = (label: string, missing: string) => safeString(label, 40, "At most 40 characters").trim().min(1, missing);

/** A link as the form sends it; `id` is present when editing. The pair is unordered. */
export const clusterLinkFormSchema = z
  .object({
    id: safeString("Link", 40, "At most 40 characters").optional(),
    clusterAId: clusterId("First cluster", "Choose the first cluster"),
    clusterBId: clusterId("Second cluster", "Choose the second cluster"),
    distanceKm: z.number({ error: "Enter the route length" }).gt(0, "Above 0 km").max(20_000, "At most 20,000 km"),
    bandwidthGbps: z.number({ error: "Enter the bandwidth" }).gt(0, "Above 0 Gbit/s").max(1_000_000, "At most 1,000,000 Gbit/s"),
    latencyMs: z.number({ error: "Enter the latency" }).gt(0, "Above 0 ms").max(1_000, "At most 1,000 ms"),
  })
  .refine((l) => l.clusterAId !== l.clusterBId, { message: "A link joins two different clusters", path: ["clusterBId"] });

/** A validated link form. */
export type ClusterLinkForm = z.output<typeof clusterLinkFormSchema>;
