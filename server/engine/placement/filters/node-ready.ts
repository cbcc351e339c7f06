/** Filter node-ready: a node that is not ready (cordoned, failing health checks) hosts nothing. */
import { fail, PASS, type FilterPlugin } from "../types";

/** Rejects nodes whose ready flag is false (NODE_NOT_READY). */
export const nodeReadyFilter: FilterPlugin = {
  name: "node-ready",
  cacheable: true,
  passes: (node) => node.ready,
  filter: (node) => (node.ready ? PASS : fail({ code: "NODE_NOT_READY", resource: "node" })),
};
