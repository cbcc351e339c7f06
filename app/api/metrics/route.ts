// Prometheus scrape endpoint: queue, decisions, GAR, energy and emissions per cluster, and the
// liveness of the background processes. Needs the metrics bearer token (see metrics-access.ts).
import { env } from "@/server/env.js";
import { db } from "@/server/db/client";
import { metricsResponse } from "@/server/services/prometheus-metrics";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  const { VERDANT_METRICS_TOKEN, VERDANT_METRICS_PUBLIC } = env();
  return metricsResponse(request, { db: db(), token: VERDANT_METRICS_TOKEN, isPublic: VERDANT_METRICS_PUBLIC === "true" });
}
