// The tRPC HTTP endpoint. Unknown procedures answer 404 and wrong methods 405 (tRPC's own codes).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/api/root";
import { createRequestContext } from "@/server/api/context";
import { logInternalError } from "@/server/api/internal-error";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createRequestContext,
    onError({ error, path }) {
      // Logged once under the request id the caller sees in its generic message.
      if (error.code === "INTERNAL_SERVER_ERROR") logInternalError("trpc", error, path);
    },
  });
}

export { handler as GET, handler as POST };
