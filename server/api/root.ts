/** The application router: one sub-router per feature. */
import { authRouter } from "./routers/auth";
import { catalogRouter } from "./routers/catalog";
import { clustersRouter } from "./routers/clusters";
import { decisionsRouter } from "./routers/decisions";
import { overviewRouter } from "./routers/overview";
import { policiesRouter } from "./routers/policies";
import { jobsRouter } from "./routers/jobs";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  jobs: jobsRouter,
  clusters: clustersRouter,
  catalog: catalogRouter,
  decisions: decisionsRouter,
  overview: overviewRouter,
  policies: policiesRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (server components and tests) with a given context. */
export const createCaller = createCallerFactory(appRouter);
