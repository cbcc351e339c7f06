// GET /api/jobs/export?tenantId=&status=&clusterId=&gpuModel=&search= : the fleet jobs table as a CSV download.
// The role check is on the server (the session's user), never only in the UI.
import { z } from "zod";
import { createRequestContext } from "@/server/api/context";
import { internalErrorResponse } from "@/server/api/internal-error";
import { safeString } from "@/server/schemas/safe-input";
import { DomainError } from "@/server/services/errors";
import { exportJobsCsv } from "@/server/services/job-export";

export const dynamic = "force-dynamic";

const STATUSES = ["QUEUED", "PLACED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED", "UNSCHEDULABLE", "EXPIRED"] as const;
const query = z.object({
  tenantId: safeString("Tenant", 64).optional(),
  status: z.enum(STATUSES).optional(),
  clusterId: safeString("Cluster", 64).optional(),
  gpuModel: safeString("GPU model", 64).optional(),
  search: safeString("Search", 80).trim().optional(),
});

export async function GET(request: Request) {
  try {
    return await exportResponse(request);
  } catch (error) {
    // Anything unexpected answers a generic message; its details go to the server log only.
    return internalErrorResponse("jobs-export", error, "/api/jobs/export");
  }
}

async function exportResponse(request: Request): Promise<Response> {
  const ctx = await createRequestContext();
  if (!ctx.user) return Response.json({ error: "Sign in first." }, { status: 401 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ error: "Invalid filter", fields: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  try {
    const csv = await exportJobsCsv(ctx.db, ctx.user, {
      tenantId: parsed.data.tenantId || undefined,
      statuses: parsed.data.status ? [parsed.data.status] : [],
      clusterId: parsed.data.clusterId || undefined,
      gpuModel: parsed.data.gpuModel || undefined,
      search: parsed.data.search || undefined,
      sort: { field: "submittedAt", direction: "desc" },
    });
    return new Response(csv, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="verdant-jobs.csv"` } });
  } catch (error) {
    if (error instanceof DomainError && error.code === "FORBIDDEN") return Response.json({ error: error.message }, { status: 403 });
    throw error;
  }
}
