/** Cluster administration (admins): create, edit, retire, import nodes from an openb node list. */
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { clusterFormSchema, clusterUpdateSchema, nodeImportSchema } from "../../schemas/cluster-form";
import { clusterFormOptions, createCluster, editCluster, getClusterForAdmin, reactivate, retire } from "../../services/cluster-admin-service";
import { importNodes, previewNodeImport } from "../../services/node-import-service";
import { safeId } from "../../schemas/safe-input";

const clusterView = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  locationName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  gridZoneId: z.string(),
  tier: z.enum(["HUB", "REGIONAL", "EDGE"]),
  pue: z.number(),
  status: z.enum(["ACTIVE", "DRAINING", "MAINTENANCE", "RETIRED"]),
  // Only whether a kubeconfig is stored: its text never leaves the server (strict: an extra key fails).
  connection: z.strictObject({
    driver: z.enum(["SIMULATED", "KUBERNETES"]),
    kubeconfigSet: z.boolean(),
    namespacePrefix: z.string(),
    lastSyncAt: z.date().nullable(),
    lastError: z.string().nullable(),
  }),
});

const problem = z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() });
const byModel = z.array(z.object({ model: z.string(), nodes: z.number().int(), gpus: z.number().int() }));
const added = z.object({ nodes: z.number().int(), gpus: z.number().int(), cpuMilli: z.number(), memoryMib: z.number(), byModel });
const importReport = z.object({
  fileName: z.string(),
  clusterName: z.string(),
  ok: z.boolean(),
  dataLines: z.number().int(),
  problemCount: z.number().int(),
  problems: z.array(problem),
  unknownModels: z.array(z.object({ model: z.string(), lines: z.number().int(), suggestion: z.string().nullable() })),
  duplicateNames: z.number().int(),
  add: added,
  sample: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      cpuMilli: z.number(),
      memoryMib: z.number(),
      gpuCount: z.number().int(),
      gpuModel: z.string().nullable(),
    }),
  ),
});

export const clusterAdminRouter = router({
  /** Grid zones a cluster can be placed in. */
  formOptions: adminProcedure
    .output(z.object({ zones: z.array(z.object({ id: z.string(), name: z.string() })) }))
    .query(({ ctx }) => clusterFormOptions(ctx.db)),
  get: adminProcedure
    .input(z.object({ id: safeId("Cluster") }))
    .output(
      clusterView.extend({
        nodes: z.number().int(),
        retireImpact: z.object({ runningJobs: z.number().int(), busyNodes: z.number().int(), strandedQueuedJobs: z.number().int() }),
      }),
    )
    .query(({ ctx, input }) => getClusterForAdmin(ctx.db, input.id)),
  /** A Kubernetes cluster's nodes are imported from its node list at once (`inventory`: what was found, or why not). */
  create: adminProcedure
    .input(clusterFormSchema)
    .output(
      clusterView.extend({
        inventory: z
          .object({ ok: z.boolean(), nodesReported: z.number().int(), added: z.number().int(), skipped: z.number().int(), error: z.string().nullable() })
          .nullable(),
      }),
    )
    .mutation(({ ctx, input }) => createCluster(ctx.db, ctx.user, input, ctx.now())),
  /** Saving a Kubernetes cluster's kubeconfig re-imports its inventory in the background (`inventoryImport: "started"`). */
  update: adminProcedure
    .input(clusterUpdateSchema)
    .output(clusterView.extend({ inventoryImport: z.enum(["started"]).nullable() }))
    .mutation(({ ctx, input: { id, ...form } }) => editCluster(ctx.db, ctx.user, id, form, ctx.now())),
  /** Refused while jobs still run there (drain first). */
  retire: adminProcedure
    .input(z.object({ id: safeId("Cluster") }))
    .output(clusterView)
    .mutation(({ ctx, input }) => retire(ctx.db, ctx.user, input.id, ctx.now())),
  /** Brings a retired cluster back as active; the only way a retired cluster's status changes. */
  reactivate: adminProcedure
    .input(z.object({ id: safeId("Cluster") }))
    .output(clusterView)
    .mutation(({ ctx, input }) => reactivate(ctx.db, ctx.user, input.id, ctx.now())),
  /** Validates a node list line by line and shows what would be added; writes nothing. */
  previewImport: adminProcedure
    .input(nodeImportSchema)
    .output(importReport)
    .mutation(({ ctx, input }) => previewNodeImport(ctx.db, input)),
  /** Adds every node of a valid file with its GPUs, or nothing. */
  importNodes: adminProcedure
    .input(nodeImportSchema)
    .output(z.object({ nodesBefore: z.number().int(), nodesAfter: z.number().int(), added }))
    .mutation(({ ctx, input }) => importNodes(ctx.db, ctx.user, input, ctx.now())),
});
