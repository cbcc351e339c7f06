// Prometheus scrape endpoint: queue, decisions, GAR, energy and emissions per cluster.
import { db } from "@/server/db/client";
import { renderPrometheusMetrics } from "@/server/services/prometheus-metrics";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    return new Response(await renderPrometheusMetrics(db()), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } });
  } catch (error) {
    return new Response(`# metrics unavailable: ${(error as Error).message.split("\n").find((l) => l.trim()) ?? "database error"}\n`, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
