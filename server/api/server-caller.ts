/** The tRPC caller for server components: same procedures, same role checks, no HTTP hop. */
import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { TRPCError } from "@trpc/server";
import { createCaller } from "./root";
import { createRequestContext } from "./context";

/** One context per request (React cache), shared by every server component of the render. */
const requestContext = cache(createRequestContext);

/** Server-side caller bound to the current request's user. */
export async function api() {
  return createCaller(await requestContext());
}

/** The signed-in user for the current request, or null. */
export async function currentUser() {
  return (await requestContext()).user;
}

/** A detail page's query: a NOT_FOUND from the procedure becomes the page's real HTTP 404. */
export function orNotFound<T>(query: Promise<T>): Promise<T> {
  return query.catch((error: unknown) => {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
}
