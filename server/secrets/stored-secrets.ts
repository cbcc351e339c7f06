/**
 * The server's use of secret-box.ts: the key comes from VERDANT_SECRET_KEY (`npm start` generates one
 * under the data folder and hands it to the web server and worker), each secret column has its
 * purpose, and a failure names the row it belongs to. Repositories seal on write; only the code
 * that must talk to a cluster or a feed opens.
 */
import { env } from "../env.js";
import { openSecret, parseSecretKey, sealSecret } from "./secret-box";

/** The columns holding sealed secrets, as the additional data bound into each ciphertext. */
export const SECRET_PURPOSES = {
  kubeconfig: "ClusterConnection.kubeconfig",
  feedToken: "CarbonFeed.apiToken",
  notificationSigningSecret: "NotificationSubscription.signingSecret",
  smtpPassword: "SmtpSetting.password",
} as const;

/** A secret column's purpose. */
export type SecretPurpose = (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES];

/** The configured key, or null when VERDANT_SECRET_KEY is unset. */
export function configuredSecretKey(): Buffer | null {
  const text = env().VERDANT_SECRET_KEY;
  return text ? parseSecretKey(text) : null;
}

/** Seals a secret for storage; throws when no key is configured (never stores plaintext). */
export function sealStoredSecret(purpose: SecretPurpose, plaintext: string): string {
  const key = configuredSecretKey();
  if (!key)
    throw new Error(
      "VERDANT_SECRET_KEY is not set, so secrets cannot be stored encrypted: start with `npm start` (which generates one under VERDANT_DATA_DIR) or set it to 32 bytes as hex or base64.",
    );
  return sealSecret(plaintext, key, purpose);
}

/** Opens a stored secret (legacy plaintext as it is); the error names `owner`, e.g. "cluster tor-hub-1: stored kubeconfig". */
export function openStoredSecret(purpose: SecretPurpose, stored: string, owner: string): string {
  try {
    return openSecret(stored, configuredSecretKey(), purpose);
  } catch (error) {
    throw new Error(`${owner} cannot be decrypted: ${(error as Error).message}`);
  }
}

/** Whether a new plaintext equals the stored value (false when the stored one cannot be opened). */
export function sameStoredSecret(purpose: SecretPurpose, stored: string | null | undefined, plaintext: string | null): boolean {
  if (stored === null || stored === undefined || plaintext === null) return (stored ?? null) === plaintext;
  try {
    return openSecret(stored, configuredSecretKey(), purpose) === plaintext;
  } catch {
    return false;
  }
}
