// The tRPC HTTP endpoint. Unknown procedures answer 404 and wrong methods 405 (tRPC's own codes).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/api/root";
import { createRequestContext } from "@/server/api/context";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createRequestContext,
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path ?? "?"}:`, error);
    },
  });
}

export { handler as GET, handler as POST };
