/** Admin forms for clusters: create/edit (with the driver connection), retire, node CSV import. */
import { z } from "zod";

const slug = (what: string) =>
  z
    .string()
    .trim()
    .min(2, `${what}: at least 2 characters`)
    .max(63, `${what}: at most 63 characters`)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, "Lower-case letters, digits and dashes (not at the ends)");

/** Statuses an admin sets by editing; RETIRED is its own action with its own checks. */
export const editableClusterStatuses = ["ACTIVE", "DRAINING", "MAINTENANCE"] as const;

export const clusterFormSchema = z.object({
  name: slug("Name"),
  region: slug("Region"),
  locationName: z.string().trim().min(1, "Enter a location").max(80, "At most 80 characters"),
  latitude: z.number({ error: "Enter a latitude" }).min(-90, "-90 to 90 degrees").max(90, "-90 to 90 degrees"),
  longitude: z.number({ error: "Enter a longitude" }).min(-180, "-180 to 180 degrees").max(180, "-180 to 180 degrees"),
  gridZoneId: z.string().trim().min(1, "Choose a grid zone").max(64),
  tier: z.enum(["HUB", "REGIONAL", "EDGE"], { error: "Choose a tier" }),
  pue: z.number({ error: "Enter the PUE" }).min(1, "PUE is 1.00 to 3.00").max(3, "PUE is 1.00 to 3.00"),
  status: z.enum(editableClusterStatuses, { error: "Choose a status" }),
  driver: z.enum(["SIMULATED", "KUBERNETES"], { error: "Choose a driver" }),
  /** Kubeconfig YAML. Empty on edit keeps the stored one; it is never sent back to the browser. */
  kubeconfig: z.string().max(200_000, "At most 200 kB").default(""),
  namespacePrefix: z
    .string()
    .trim()
    .max(40, "At most 40 characters")
    .regex(/^[a-z0-9]([a-z0-9-]*)?$/, "Lower-case letters, digits and dashes")
    .default("verdant-"),
});

export const clusterUpdateSchema = clusterFormSchema.extend({ id: z.string().min(1).max(64) });

export type ClusterForm = z.output<typeof clusterFormSchema>;
export type ClusterFormInput = z.input<typeof clusterFormSchema>;

/** A node list upload (openb format); the text is checked line by line on the server. */
export const nodeImportSchema = z.object({
  clusterId: z.string().min(1).max(64),
  fileName: z.string().trim().max(200).default("nodes.csv"),
  csv: z.string().min(1, "Choose a CSV file").max(5_000_000, "The file is larger than 5 MB"),
});
export type NodeImportInput = z.output<typeof nodeImportSchema>;
