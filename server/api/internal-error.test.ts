import { afterEach, describe, expect, it } from "vitest";
import { setLogDestination } from "../logging/logger";
import { genericErrorMessage, internalErrorResponse, logInternalError, requestIdOf } from "./internal-error";

describe("internal errors", () => {
  afterEach(() => setLogDestination(null));

  it("gives one error one random id, however often it is asked", () => {
    const error = new Error("boom");
    expect(requestIdOf(error)).toBe(requestIdOf(error));
    expect(requestIdOf(error)).not.toBe(requestIdOf(new Error("boom")));
    expect(requestIdOf(error)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("logs the details once under the id and answers only the generic sentence", async () => {
    const lines: string[] = [];
    setLogDestination({ write: (line: string) => void lines.push(line) });
    const error = new Error("wrapper", { cause: new Error('relation "Job" does not exist: SELECT * FROM "Job" WHERE id = $1') });
    const id = logInternalError("trpc", error, "jobs.get");
    logInternalError("trpc", error, "jobs.get");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "error",
      component: "api",
      scope: "trpc",
      requestId: id,
      path: "jobs.get",
      message: expect.stringContaining("SELECT"),
    });

    const response = internalErrorResponse("jobs-export", new Error("SELECT secret FROM x"));
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; requestId: string };
    expect(body.error).toBe(genericErrorMessage(body.requestId));
    expect(JSON.stringify(body)).not.toContain("SELECT");
    expect(lines[1]).toContain(body.requestId);
  });
});
