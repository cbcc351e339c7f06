/**
 * The tRPC endpoint over HTTP, with the web surface's limits in front of the procedures:
 * - POST (every mutation) must come from this site's own pages (Origin/Referer), else 403;
 * - a POST must state its Content-Length (411 otherwise) and stay within its procedures' body limit
 *   (413 otherwise; see server/security/body-limit.ts), checked before any of the body is read;
 * - at most MAX_BATCH_SIZE calls per batch (tRPC answers 400 beyond);
 * - a rate-limited call answers 429 with Retry-After.
 * Dependencies come in as arguments, so tests drive it with a plain Request and their own database.
 */
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler, type FetchHandlerRequestOptions } from "@trpc/server/adapters/fetch";
import { appRouter, type AppRouter } from "./root";
import { createHttpContext, type HttpContextDeps } from "./context";
import { bodyLimitFor, formatMiB } from "../security/body-limit";
import { RateLimitedError } from "../security/rate-limited-error";
import { crossSiteRefusal } from "../security/same-origin";

/** Most calls in one batched request; the browser client splits larger batches (same number). */
export const MAX_BATCH_SIZE = 20;

/** Everything the endpoint needs from outside. */
export interface TrpcHttpDeps extends HttpContextDeps {
  /** VERDANT_ALLOWED_ORIGINS: extra origins whose pages may send mutations. */
  allowedOrigins: readonly string[];
  onError?: FetchHandlerRequestOptions<AppRouter>["onError"];
}

const ENDPOINT = "/api/trpc";

const refuse = (status: number, error: string) => Response.json({ error }, { status });

/** Answers one request to /api/trpc/*. */
export async function trpcHttpResponse(req: Request, deps: TrpcHttpDeps): Promise<Response> {
  if (req.method === "POST") {
    // Checked before tRPC looks at the request, so no content type or body can slip past it. A request
    // carrying an API token is exempt: a browser never adds that header by itself (a cross-site page
    // cannot forge it), and such a request ignores the cookie, so there is no session to ride on.
    const crossSite = req.headers.has("authorization") ? null : crossSiteRefusal(req, deps.allowedOrigins);
    if (crossSite) return refuse(403, crossSite);
    if (req.headers.get("content-length") === null) return refuse(411, "Send the request with a Content-Length header.");
  }
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: MAX_BATCH_SIZE,
    async createContext({ req: request, resHeaders, info }) {
      const ctx = await createHttpContext(request, resHeaders, deps);
      const length = Number(request.headers.get("content-length") ?? 0);
      const limit = bodyLimitFor(
        info.calls.map((call) => call.path),
        ctx.user?.role ?? null,
      );
      // Node stops reading a body at its declared length, so the header bounds what tRPC will read.
      if (length > limit) {
        throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: `The request is ${formatMiB(length)}; this call accepts at most ${formatMiB(limit)}.` });
      }
      return ctx;
    },
    responseMeta({ errors }) {
      const waits = errors.map((error) => (error.cause instanceof RateLimitedError ? error.cause.retryAfterSeconds : 0));
      const retryAfter = Math.max(0, ...waits);
      return retryAfter > 0 ? { headers: { "retry-after": String(retryAfter) } } : {};
    },
    onError: deps.onError,
  });
}
