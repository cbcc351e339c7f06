// The field errors of a rejected procedure call, as the HTTP layer's error formatter reports them.
import { TRPCError } from "@trpc/server";
import { expect } from "vitest";

/**
 * Field -> first message, keyed by the dotted path and by its top-level field (`allowedGpuModels.2` and
 * `allowedGpuModels`); fails the test unless the call is rejected with BAD_REQUEST.
 */
export async function fieldErrorsOf(call: () => Promise<unknown>): Promise<Record<string, string>> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    expect(error.code).toBe("BAD_REQUEST");
    const cause = error.cause as { issues?: { path: (string | number)[]; message: string }[]; field?: string; message: string };
    if (cause?.issues) {
      const out: Record<string, string> = {};
      for (const i of cause.issues) for (const key of [i.path.join("."), String(i.path[0])]) out[key] ??= i.message;
      return out;
    }
    if (cause?.field) return { [cause.field]: cause.message };
    return { _: error.message };
  }
  throw new Error("expected the call to be rejected");
}
