/**
 * How large a tRPC request body may be. Every procedure takes at most 1 MiB, except the file
 * uploads, whose content travels inside the JSON body: a character of an uploaded file can take up
 * to two bytes there (escaped line breaks and quotes, multi-byte UTF-8), so each limit is twice the
 * procedure's own character cap plus 1 MiB for the rest of the request. The large limits apply only
 * to signed-in users of the roles those procedures admit, so an anonymous caller can never make the
 * server read more than 1 MiB.
 */
import type { Role } from "../auth/session-user";
import { MAX_CSV_CHARS } from "../schemas/carbon-admin";

const MiB = 1024 * 1024;

/** Any procedure's body limit unless listed below. */
export const DEFAULT_BODY_LIMIT_BYTES = MiB;

interface UploadLimit {
  bytes: number;
  roles: readonly Role[];
}

const twiceChars = (chars: number) => 2 * chars + MiB;
/** Node list CSV: at most 5,000,000 characters (nodeImportSchema). */
const nodeImport: UploadLimit = { bytes: twiceChars(5_000_000), roles: ["ADMIN"] };
/** Carbon-intensity CSV, plain or gzip+base64: at most MAX_CSV_CHARS characters (csvUploadSchema). */
const carbonCsv: UploadLimit = { bytes: twiceChars(MAX_CSV_CHARS), roles: ["ADMIN"] };
/** Scenario upload: a 2 MB scenario JSON and up to 40 MB of CSV files (scenarioInputSchema). */
const scenario: UploadLimit = { bytes: twiceChars(42 * MiB), roles: ["OPERATOR", "ADMIN"] };

/** Procedures that carry uploaded files, and how large their bodies may be. */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, UploadLimit>> = {
  "clusterAdmin.previewImport": nodeImport,
  "clusterAdmin.importNodes": nodeImport,
  "carbonAdmin.importCsv": carbonCsv,
  "experiments.inspect": scenario,
  "experiments.start": scenario,
};

/** The largest body a request for these procedures may carry, for a caller of this role. */
export function bodyLimitFor(paths: readonly string[], role: Role | null): number {
  let limit = DEFAULT_BODY_LIMIT_BYTES;
  for (const path of paths) {
    const upload = UPLOAD_BODY_LIMITS[path];
    if (upload && role && upload.roles.includes(role)) limit = Math.max(limit, upload.bytes);
  }
  return limit;
}

/** "1.0 MiB" style size for messages. */
export const formatMiB = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
