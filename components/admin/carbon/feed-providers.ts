// The carbon feed providers the server polls, and the feed form's starting values.
import type { FeedFormInput } from "@/server/schemas/carbon-admin";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";

/** One configured feed as the carbon settings list it. */
export type Feed = CarbonSettings["feeds"][number];

/** Each provider's label (with the signal it gives) and its public API address. */
export const PROVIDERS = {
  ELECTRICITY_MAPS: { label: "Electricity Maps (average)", url: "https://api.electricitymap.org" },
  WATTTIME: { label: "WattTime (marginal)", url: "https://api.watttime.org" },
} as const;

/** A provider's key. */
export type Provider = keyof typeof PROVIDERS;

/** A new feed for `zoneId`: Electricity Maps, polled every 5 minutes, enabled. */
export const blankFeed = (zoneId: string): FeedFormInput => ({
  id: null,
  zoneId,
  provider: "ELECTRICITY_MAPS",
  baseUrl: PROVIDERS.ELECTRICITY_MAPS.url,
  apiToken: "",
  clearToken: false,
  externalZone: "",
  pollIntervalS: 300,
  enabled: true,
});

/** The form for editing `f`; the token box starts empty (the stored token is never sent back). */
export const feedFormOf = (f: Feed): FeedFormInput => ({
  id: f.id,
  zoneId: f.zoneId,
  provider: f.provider,
  baseUrl: f.baseUrl,
  apiToken: "",
  clearToken: false,
  externalZone: f.externalZone ?? "",
  pollIntervalS: f.pollIntervalS,
  enabled: f.enabled,
});
