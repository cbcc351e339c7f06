/** Experiments: operators and admins start, watch, compare and cancel simulations; tenants are refused. */
import { z } from "zod";
import { operatorProcedure, router } from "../trpc";
import {
  exampleSchema,
  experimentDetailSchema,
  experimentIdSchema,
  experimentSummarySchema,
  listExperimentsSchema,
  scenarioInputSchema,
  scenarioSummarySchema,
  startExperimentSchema,
} from "../../schemas/experiment";
import { cancelExperiment, getExperiment, inspectScenario, listExampleScenarios, listExperiments, startExperiment } from "../../services/experiment-service";

export const experimentsRouter = router({
  /** The shipped example scenarios (examples/scenario-*.json). */
  examples: operatorProcedure.output(z.array(exampleSchema)).query(() => listExampleScenarios()),
  /** Loads a scenario without storing anything: what it holds and which policies it offers. */
  inspect: operatorProcedure
    .input(scenarioInputSchema)
    .output(scenarioSummarySchema)
    .mutation(({ input }) => inspectScenario(input)),
  /** Validates and queues an experiment; the experiment runner picks it up within about a second. */
  start: operatorProcedure
    .input(startExperimentSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => startExperiment(ctx.db, ctx.user, input, ctx.now())),
  list: operatorProcedure
    .input(listExperimentsSchema)
    .output(z.array(experimentSummarySchema))
    .query(({ ctx, input }) => listExperiments(ctx.db, input.take)),
  get: operatorProcedure
    .input(experimentIdSchema)
    .output(experimentDetailSchema)
    .query(({ ctx, input }) => getExperiment(ctx.db, input.id)),
  cancel: operatorProcedure
    .input(experimentIdSchema)
    .output(experimentSummarySchema)
    .mutation(({ ctx, input }) => cancelExperiment(ctx.db, input.id, ctx.now())),
});
