// The tRPC HTTP endpoint. Unknown procedures answer 404 and wrong methods 405 (tRPC's own codes);
// cross-site mutations 403, oversized bodies 413, rate-limited calls 429 (see server/api/trpc-http.ts).
import { trpcHttpResponse } from "@/server/api/trpc-http";
import { cookieSettingsFor } from "@/server/auth/cookie-session";
import { db } from "@/server/db/client";
import { env } from "@/server/env.js";
import { logInternalError } from "@/server/api/internal-error";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return trpcHttpResponse(req, {
    db: db(),
    cookie: cookieSettingsFor(req.headers, req.url),
    trustedProxies: env().VERDANT_TRUSTED_PROXIES,
    allowedOrigins: env().VERDANT_ALLOWED_ORIGINS,
    onError({ error, path }) {
      // Logged once under the request id the caller sees in its generic message.
      if (error.code === "INTERNAL_SERVER_ERROR") logInternalError("trpc", error, path);
    },
  });
}

export { handler as GET, handler as POST };
