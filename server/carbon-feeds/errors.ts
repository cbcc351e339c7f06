/** The one error type of carbon feeds and imports; the message names the zone, field, line or URL. */

/** Why a feed or import failed. */
export type CarbonFeedErrorCode =
  | "UNKNOWN_ZONE"
  | "ZONE_MISMATCH"
  | "SIGNAL_TYPE_MISMATCH"
  | "EMISSION_FACTOR_MISMATCH"
  | "MALFORMED_RESPONSE"
  | "HTTP"
  | "NETWORK"
  | "TIMEOUT"
  | "RATE_LIMITED"
  | "CONFIG"
  /** The URL (or a redirect) points at a loopback, link-local, private or other special address. */
  | "FORBIDDEN_ADDRESS";

/** A feed or import failure; nothing was written when it is thrown. */
export class CarbonFeedError extends Error {
  constructor(
    readonly code: CarbonFeedErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "CarbonFeedError";
  }
}
