/**
 * tRPC foundation: the request context, the error formatter (zod and domain field errors become
 * `fieldErrors` for inline form messages), and the role procedures. Every procedure declares who
 * may call it here, on the server; the UI hiding a button is never the check.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import type { Db } from "../db/client";
import type { Role, SessionStore, SessionUser } from "../auth/session-user";
import { DomainError } from "../services/errors";
import { RateLimitedError } from "../security/rate-limited-error";
import { genericErrorMessage, logInternalError } from "./internal-error";

export interface Context {
  db: Db;
  user: SessionUser | null;
  session: SessionStore;
  /** Injected clock so services and tests agree on "now". */
  now: () => Date;
  /** The HTTP client's address for per-address limits (see server/security/client-address.ts); absent in-process. */
  clientAddress?: string | null;
  /** Set when the request signed in with an API token (`Authorization: Bearer vdt_…`) instead of the session cookie. */
  apiTokenId?: string | null;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error, path }) {
    // An unexpected failure answers a generic sentence; its details reach only the server log.
    if (error.code === "INTERNAL_SERVER_ERROR") {
      const requestId = logInternalError("trpc", error, path);
      return { ...shape, message: genericErrorMessage(requestId), data: { ...shape.data, stack: undefined, fieldErrors: null, requestId } };
    }
    const cause = error.cause;
    let fieldErrors: Record<string, string[]> | null = null;
    if (cause instanceof ZodError) {
      fieldErrors = z.flattenError(cause).fieldErrors as Record<string, string[]>;
      // Nested paths (e.g. allowedGpuModels.2) are reported under their dotted path.
      for (const issue of cause.issues) {
        if (issue.path.length > 1) fieldErrors[issue.path.join(".")] = [...(fieldErrors[issue.path.join(".")] ?? []), issue.message];
      }
    } else if (cause instanceof DomainError && cause.field) {
      fieldErrors = { [cause.field]: [cause.message] };
    }
    return {
      ...shape,
      message: cause instanceof ZodError ? "Some fields are invalid." : shape.message,
      data: { ...shape.data, stack: undefined, fieldErrors },
    };
  },
});

const DOMAIN_TO_TRPC = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PRECONDITION_FAILED: "PRECONDITION_FAILED",
} as const;

/** Maps DomainError to its tRPC code in one place; anything else stays an internal error. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: DOMAIN_TO_TRPC[cause.code], message: cause.message, cause });
  }
  // A rate limit answers 429; the HTTP handler turns the cause's wait into Retry-After.
  if (!result.ok && result.error.cause instanceof RateLimitedError) {
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: result.error.cause.message, cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** Any signed-in user. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

function roleProcedure(...roles: Role[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({ code: "FORBIDDEN", message: `This needs the ${roles.map((r) => r.toLowerCase().replace("_", " ")).join(" or ")} role.` });
    }
    return next({ ctx });
  });
}

/** Admins only. */
export const adminProcedure = roleProcedure("ADMIN");
/** Operators and admins (admins can see everything operators see). */
export const operatorProcedure = roleProcedure("OPERATOR", "ADMIN");
/** Members of a tenant; the tenant id is always taken from the session, never from input. */
export const tenantProcedure = roleProcedure("TENANT_MEMBER").use(({ ctx, next }) => {
  if (!ctx.user.tenantId) throw new TRPCError({ code: "FORBIDDEN", message: "Your account is not a member of a tenant." });
  return next({ ctx: { ...ctx, tenantId: ctx.user.tenantId } });
});
