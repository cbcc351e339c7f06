/**
 * What a caller learns about an unexpected failure: one generic sentence with a random request id.
 * The message, stack and path of the real error (which may quote SQL, parameters, file paths or a
 * provider's answer) go to the server log under the same id, so an operator can find them and an
 * attacker learns nothing about the internals.
 */
import { randomUUID } from "node:crypto";
import { componentLogger } from "../logging/logger";

const ids = new WeakMap<object, string>();
const logged = new WeakSet<object>();

/** The request id of an error: made once per error object, so every reporter of it agrees. */
export function requestIdOf(error: unknown): string {
  if (error === null || (typeof error !== "object" && typeof error !== "function")) return randomUUID();
  let id = ids.get(error);
  if (!id) {
    id = randomUUID();
    ids.set(error, id);
  }
  return id;
}

/** The sentence an unexpected failure answers with. */
export const genericErrorMessage = (requestId: string) => `Something went wrong on our side (request ${requestId}).`;

/**
 * Writes the error's details to the server log under its request id (once per error object, however
 * many layers report it) and returns the id.
 */
export function logInternalError(scope: string, error: unknown, path?: string): string {
  const id = requestIdOf(error);
  const key = typeof error === "object" && error !== null ? error : null;
  if (key && logged.has(key)) return id;
  if (key) logged.add(key);
  const root = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const detail = root instanceof Error ? { message: root.message, stack: root.stack } : { message: String(root) };
  componentLogger("api").error({ scope, requestId: id, path: path ?? null, ...detail }, "internal error");
  return id;
}

/** A JSON 500 response for route handlers, after logging the error under its request id. */
export function internalErrorResponse(scope: string, error: unknown, path?: string): Response {
  const id = logInternalError(scope, error, path);
  return Response.json({ error: genericErrorMessage(id), requestId: id }, { status: 500 });
}
