// Liveness and database status: 200 when PostgreSQL answers, 503 when it does not.
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = performance.now();
  try {
    await db().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok", database: { status: "up", latencyMs: Math.round((performance.now() - started) * 10) / 10 } });
  } catch (error) {
    const message = (error as Error).message.split("\n").find((line) => line.trim()) ?? (error as { code?: string }).code ?? "unreachable";
    return Response.json({ status: "degraded", database: { status: "down", error: message.trim() } }, { status: 503 });
  }
}
