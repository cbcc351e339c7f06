/**
 * Start-up upgrade of rows written before secrets were encrypted: every plaintext kubeconfig and feed
 * token is sealed in place. `npm start` runs it after migrating, before the web server and worker
 * start. Raw SQL so the rows' updatedAt stays the admin's last edit, and each update applies only if
 * the value is still the plaintext read (an edit in between wins).
 */
import type { Db } from "../db/client";
import { sealSecret } from "./secret-box";
import { SECRET_PURPOSES } from "./stored-secrets";

/** How many values one run sealed, per column. */
export interface SecretUpgradeReport {
  kubeconfigs: number;
  feedTokens: number;
}

// Matches what secret-box.ts writes; anything else non-empty is legacy plaintext.
const SEALED_PATTERN = "enc:v1:%";

/** Seals every plaintext secret in the database with `key`; running it again finds nothing to do. */
export async function encryptPlaintextSecrets(db: Db, key: Buffer): Promise<SecretUpgradeReport> {
  const report: SecretUpgradeReport = { kubeconfigs: 0, feedTokens: 0 };
  const connections = await db.$queryRaw<{ clusterId: string; kubeconfig: string }[]>`
    SELECT "clusterId", kubeconfig FROM "ClusterConnection" WHERE kubeconfig IS NOT NULL AND kubeconfig <> '' AND kubeconfig NOT LIKE ${SEALED_PATTERN}`;
  for (const row of connections) {
    const sealed = sealSecret(row.kubeconfig, key, SECRET_PURPOSES.kubeconfig);
    report.kubeconfigs +=
      await db.$executeRaw`UPDATE "ClusterConnection" SET kubeconfig = ${sealed} WHERE "clusterId" = ${row.clusterId} AND kubeconfig = ${row.kubeconfig}`;
  }
  const feeds = await db.$queryRaw<{ id: string; apiToken: string }[]>`
    SELECT id, "apiToken" FROM "CarbonFeed" WHERE "apiToken" IS NOT NULL AND "apiToken" <> '' AND "apiToken" NOT LIKE ${SEALED_PATTERN}`;
  for (const row of feeds) {
    const sealed = sealSecret(row.apiToken, key, SECRET_PURPOSES.feedToken);
    report.feedTokens += await db.$executeRaw`UPDATE "CarbonFeed" SET "apiToken" = ${sealed} WHERE id = ${row.id} AND "apiToken" = ${row.apiToken}`;
  }
  return report;
}
