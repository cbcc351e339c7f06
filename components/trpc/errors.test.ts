import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { messageOf } from "./errors";

const clientError = (message: string, fieldErrors: Record<string, string[]> | null) => {
  const error = new TRPCClientError(message);
  Object.assign(error, { data: { fieldErrors } });
  return error;
};

describe("messageOf", () => {
  it("names what is wrong instead of only saying some fields are invalid", () => {
    expect(messageOf(clientError("Some fields are invalid.", { csv: ["Choose a CSV file"] }))).toBe("Choose a CSV file");
  });

  it("keeps the server's sentence when no field is named", () => {
    expect(messageOf(clientError("Only queued or placed jobs can be cancelled; this one has succeeded.", null))).toBe(
      "Only queued or placed jobs can be cancelled; this one has succeeded.",
    );
    expect(messageOf(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});
