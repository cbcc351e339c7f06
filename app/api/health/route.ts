// Liveness: 200 "ok" when PostgreSQL answers and the background processes cycle, 200 "degraded"
// naming a stale, missing or restarting one, 503 "down" only when the database does not answer.
import { env } from "@/server/env.js";
import { db } from "@/server/db/client";
import { expectedServices, readHealth } from "@/server/services/health-service";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await readHealth(db(), expectedServices(env()));
  return Response.json(report, { status: report.status === "down" ? 503 : 200 });
}
