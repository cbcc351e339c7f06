/**
 * The one domain error type. Services throw it; the tRPC layer maps `code` to an HTTP-class error in
 * one place. `field` names the input field a validation failure belongs to, for inline form errors.
 */
export type DomainErrorCode = "BAD_REQUEST" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PRECONDITION_FAILED";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** A validation failure tied to one input field. */
export const fieldError = (field: string, message: string) => new DomainError("BAD_REQUEST", message, field);
