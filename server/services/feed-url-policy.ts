/**
 * The save-time half of the feed address rule: a feed's base URL may not name a loopback,
 * link-local, private or other special address (literally or through what its host name resolves
 * to now) unless the admin setting allows private feed URLs. The fetch-time half
 * (server/carbon-feeds/http-fetch.ts) checks again on every request, because a name can resolve
 * differently later.
 */
import type { Db } from "../db/client";
import { findSystemSettings } from "../repositories/system-settings-repository";
import { assertPublicHost, SpecialAddressError, systemLookup, type HostLookup } from "../security/private-address";
import { fieldError } from "./errors";

/** Longest wait for the resolver before the name is taken as unresolvable for now. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * Refuses (BAD_REQUEST on `baseUrl`, or the field named, e.g. a webhook's `url`) a URL reaching a special address while private feed URLs are
 * off. A name that does not resolve yet is accepted: it reaches nothing now, and every fetch is checked.
 */
export async function assertFeedUrlAllowed(
  db: Db,
  baseUrl: string,
  lookup: HostLookup = systemLookup,
  field = { name: "baseUrl", label: "base URL" },
): Promise<void> {
  if ((await findSystemSettings(db)).allowPrivateFeedUrls) return;
  const host = new URL(baseUrl).hostname;
  const bounded: HostLookup = (name) =>
    Promise.race([lookup(name), new Promise<string[]>((_, reject) => setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_TIMEOUT_MS).unref())]);
  try {
    await assertPublicHost(host, bounded);
  } catch (error) {
    if (error instanceof SpecialAddressError) {
      throw fieldError(
        field.name,
        `The ${field.label} may not point inside the network: ${error.message}. An admin can allow private feed URLs in System settings.`,
      );
    }
  }
}
