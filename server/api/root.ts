/** The application router: one sub-router per feature. */
import { authRouter } from "./routers/auth";
import { carbonRouter } from "./routers/carbon";
import { carbonAdminRouter } from "./routers/carbon-admin";
import { catalogRouter } from "./routers/catalog";
import { clusterAdminRouter } from "./routers/cluster-admin";
import { clusterLinksRouter } from "./routers/cluster-links";
import { clustersRouter } from "./routers/clusters";
import { gpuModelsRouter } from "./routers/gpu-models";
import { tenantsRouter } from "./routers/tenants";
import { usersRouter } from "./routers/users";
import { decisionsRouter } from "./routers/decisions";
import { experimentsRouter } from "./routers/experiments";
import { overviewRouter } from "./routers/overview";
import { policiesRouter } from "./routers/policies";
import { jobsRouter } from "./routers/jobs";
import { narrativeRouter } from "./routers/narrative";
import { systemSettingsRouter } from "./routers/system-settings";
import { reconcileRouter } from "./routers/reconcile";
import { priorityClassesRouter } from "./routers/priority-classes";
import { queueRouter } from "./routers/queue";
import { askRouter } from "./routers/ask";
import { preferencesRouter } from "./routers/preferences";
import { apiTokensRouter } from "./routers/api-tokens";
import { autoTuneRouter } from "./routers/auto-tune";
import { notificationsRouter } from "./routers/notifications";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  jobs: jobsRouter,
  clusters: clustersRouter,
  catalog: catalogRouter,
  decisions: decisionsRouter,
  overview: overviewRouter,
  narrative: narrativeRouter,
  policies: policiesRouter,
  autoTune: autoTuneRouter,
  clusterAdmin: clusterAdminRouter,
  clusterLinks: clusterLinksRouter,
  gpuModels: gpuModelsRouter,
  tenants: tenantsRouter,
  users: usersRouter,
  carbon: carbonRouter,
  carbonAdmin: carbonAdminRouter,
  experiments: experimentsRouter,
  systemSettings: systemSettingsRouter,
  reconcile: reconcileRouter,
  priorityClasses: priorityClassesRouter,
  queue: queueRouter,
  ask: askRouter,
  preferences: preferencesRouter,
  apiTokens: apiTokensRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (server components and tests) with a given context. */
export const createCaller = createCallerFactory(appRouter);
