/**
 * The rule that average and marginal signals (and lifecycle and direct factors) never mix: before a
 * feed or import writes anything for a zone, the zone's configured signal must match the data's.
 */
import type { Db } from "../db/client";
import { findZoneSignal, type DbOrTx, type ZoneSignal } from "../repositories/carbon-repository";
import { CarbonFeedError } from "./errors";

/** What a feed produces. */
export interface FeedSignal {
  provider: string;
  signalType: "AVERAGE" | "MARGINAL";
  /** Omitted when the feed can deliver either (it then requests the zone's own type). */
  emissionFactorType?: "LIFECYCLE" | "DIRECT";
}

/** Loads the zone and refuses data whose signal or emission-factor type differs from the zone's. */
export async function requireMatchingZone(db: Db | DbOrTx, zoneId: string, signal: FeedSignal): Promise<ZoneSignal> {
  const zone = await findZoneSignal(db, zoneId);
  if (!zone) throw new CarbonFeedError("UNKNOWN_ZONE", `grid zone "${zoneId}" does not exist`, { zoneId });
  if (zone.signalType !== signal.signalType) {
    throw new CarbonFeedError(
      "SIGNAL_TYPE_MISMATCH",
      `zone ${zoneId} uses a ${zone.signalType} signal but ${signal.provider} provides ${signal.signalType}; average and marginal intensities answer different questions and are never stored together — change the zone's signalType or use a feed of its kind`,
      { zoneId, zoneSignalType: zone.signalType, dataSignalType: signal.signalType },
    );
  }
  if (signal.emissionFactorType && zone.emissionFactorType !== signal.emissionFactorType) {
    throw new CarbonFeedError(
      "EMISSION_FACTOR_MISMATCH",
      `zone ${zoneId} uses ${zone.emissionFactorType} emission factors but the ${signal.provider} data is ${signal.emissionFactorType}; choose the matching column or change the zone`,
      { zoneId, zoneEmissionFactorType: zone.emissionFactorType, dataEmissionFactorType: signal.emissionFactorType },
    );
  }
  return zone;
}
