/**
 * What the notifications page sends: a webhook subscription (name, URL, optional signing secret,
 * event kinds, scope) and the ids for a test event or a retry.
 */
import { z } from "zod";

/** The events a subscription can receive, in the words the payload's `type` uses. */
export const NOTIFICATION_KINDS = [
  "job.started",
  "job.finished",
  "job.failed",
  "job.preempted",
  "tenant.quota-80",
  "tenant.carbon-budget-80",
  "feed.stale",
  "cluster.unreachable",
] as const;

/** One event kind. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind reads on the page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  "job.started": "Job started",
  "job.finished": "Job finished",
  "job.failed": "Job failed",
  "job.preempted": "Job preempted",
  "tenant.quota-80": "Tenant at 80 % of its GPU-hours quota",
  "tenant.carbon-budget-80": "Tenant at 80 % of its carbon budget",
  "feed.stale": "Carbon feed stale",
  "cluster.unreachable": "Cluster unreachable",
};

/** Kinds that concern the whole fleet rather than one tenant (a tenant-scoped subscription never gets them). */
export const FLEET_KINDS: readonly NotificationKind[] = ["feed.stale", "cluster.unreachable"];

export const notificationSubscriptionSchema = z.object({
  id: z.string().min(1).optional(),
  name: z.string().trim().min(1, "Enter a name.").max(100, "Use at most 100 characters."),
  /** Null: every tenant and the fleet; an id: only that tenant's events. */
  tenantId: z.string().min(1).nullable(),
  url: z
    .string()
    .trim()
    .min(1, "Enter the webhook URL.")
    .max(2000, "Use at most 2,000 characters.")
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), "Enter an http:// or https:// URL."),
  /** null keeps the stored secret, "" removes it, text replaces it. */
  signingSecret: z.string().max(200, "Use at most 200 characters.").nullable(),
  events: z.array(z.enum(NOTIFICATION_KINDS)).min(1, "Choose at least one event."),
  enabled: z.boolean(),
});

/** A subscription as the form sends it. */
export type NotificationSubscriptionInput = z.infer<typeof notificationSubscriptionSchema>;

export const notificationIdSchema = z.object({ id: z.string().min(1) });
