/** Admin forms for clusters: create/edit (with the driver connection), retire, node CSV import. */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";
import { TENANT_SLUG_MAX_LENGTH } from "./tenant-form";

const slug = (what: string) =>
  safeString(what, 63, `${what}: at most 63 characters`)
    .trim()
    .min(2, `${what}: at least 2 characters`)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, "Lower-case letters, digits and dashes (not at the ends)");

/** Longest namespace prefix: prefix + the longest tenant slug must fit a 63-character DNS-1123 label. */
export const NAMESPACE_PREFIX_MAX_LENGTH = 63 - TENANT_SLUG_MAX_LENGTH;

/** Statuses an admin sets by editing; RETIRED is its own action with its own checks. */
export const editableClusterStatuses = ["ACTIVE", "DRAINING", "MAINTENANCE"] as const;

export const clusterFormSchema = z.object({
  name: slug("Name"),
  region: slug("Region"),
  locationName: safeString("Location", 80, "At most 80 characters").trim().min(1, "Enter a location"),
  latitude: z.number({ error: "Enter a latitude" }).min(-90, "-90 to 90 degrees").max(90, "-90 to 90 degrees"),
  longitude: z.number({ error: "Enter a longitude" }).min(-180, "-180 to 180 degrees").max(180, "-180 to 180 degrees"),
  gridZoneId: safeString("Grid zone", 64).trim().min(1, "Choose a grid zone"),
  tier: z.enum(["HUB", "REGIONAL", "EDGE"], { error: "Choose a tier" }),
  pue: z.number({ error: "Enter the PUE" }).min(1, "PUE is 1.00 to 3.00").max(3, "PUE is 1.00 to 3.00"),
  status: z.enum(editableClusterStatuses, { error: "Choose a status" }),
  driver: z.enum(["SIMULATED", "KUBERNETES"], { error: "Choose a driver" }),
  /** Kubeconfig YAML. Empty on edit keeps the stored one; it is never sent back to the browser. */
  kubeconfig: safeString("Kubeconfig", 200_000, "At most 200 kB").default(""),
  /** Tenant namespaces are `<prefix><tenant slug>`: a DNS-1123 label, so the prefix starts one. */
  namespacePrefix: safeString("Namespace prefix", 200)
    .trim()
    .min(1, "Namespace prefix: enter a prefix such as verdant-")
    .max(
      NAMESPACE_PREFIX_MAX_LENGTH,
      `Namespace prefix: at most ${NAMESPACE_PREFIX_MAX_LENGTH} characters, so that with a tenant slug (up to ${TENANT_SLUG_MAX_LENGTH}) the namespace fits 63`,
    )
    .regex(/^[a-z0-9][a-z0-9-]*$/, "Namespace prefix: lower-case letters, digits and dashes, starting with a letter or digit (a DNS-1123 label)")
    .default("verdant-"),
});

export const clusterUpdateSchema = clusterFormSchema.extend({ id: safeId("Cluster") });

export type ClusterForm = z.output<typeof clusterFormSchema>;
export type ClusterFormInput = z.input<typeof clusterFormSchema>;

/** A node list upload (openb format); the text is checked line by line on the server. */
export const nodeImportSchema = z.object({
  clusterId: safeId("Cluster"),
  fileName: safeString("File name", 200).trim().default("nodes.csv"),
  csv: safeString("The file", 5_000_000, "The file is larger than 5 MB").min(1, "Choose a CSV file"),
});
export type NodeImportInput = z.output<typeof nodeImportSchema>;
