/** Which subscriptions receive an event: enabled, asking for its kind, and fleet-wide or of the event's tenant. */

/** What matching reads of a subscription. */
export interface MatchableSubscription {
  id: string;
  enabled: boolean;
  events: string[];
  tenantId: string | null;
}

/** The ids of the subscriptions that get an event of `kind` about `tenantId` (null: a fleet event). */
export function matchingSubscriptions(subscriptions: readonly MatchableSubscription[], kind: string, tenantId: string | null): string[] {
  return subscriptions.filter((s) => s.enabled && s.events.includes(kind) && (s.tenantId === null || s.tenantId === tenantId)).map((s) => s.id);
}
