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

/** Where a subscription sends: a webhook URL or an e-mail address. */
export const NOTIFICATION_CHANNELS = ["webhook", "email"] as const;

const validEmail = (text: string) => z.email().safeParse(text).success;

export const notificationSubscriptionSchema = z
  .object({
    id: z.string().min(1).optional(),
    name: z.string().trim().min(1, "Enter a name.").max(100, "Use at most 100 characters."),
    /** Null: every tenant and the fleet; an id: only that tenant's events. */
    tenantId: z.string().min(1).nullable(),
    channel: z.enum(NOTIFICATION_CHANNELS),
    /** The webhook's URL (blank for e-mail). */
    url: z.string().trim().max(2000, "Use at most 2,000 characters."),
    /** The address e-mail goes to (blank for a webhook). */
    email: z.string().trim().max(254, "Use at most 254 characters."),
    /** null keeps the stored secret, "" removes it, text replaces it (webhooks only). */
    signingSecret: z.string().max(200, "Use at most 200 characters.").nullable(),
    events: z.array(z.enum(NOTIFICATION_KINDS)).min(1, "Choose at least one event."),
    enabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.channel === "webhook" && !(URL.canParse(v.url) && /^https?:$/.test(new URL(v.url).protocol)))
      ctx.addIssue({ code: "custom", path: ["url"], message: v.url ? "Enter an http:// or https:// URL." : "Enter the webhook URL." });
    if (v.channel === "email" && !validEmail(v.email))
      ctx.addIssue({ code: "custom", path: ["email"], message: "Enter an e-mail address such as ops@example.com." });
  });

/** A subscription as the form sends it. */
export type NotificationSubscriptionInput = z.infer<typeof notificationSubscriptionSchema>;

export const notificationIdSchema = z.object({ id: z.string().min(1) });

/** The outgoing mail server e-mail notifications use. */
export const smtpSettingSchema = z.object({
  host: z.string().trim().min(1, "Enter the mail server's host name.").max(253, "Use at most 253 characters."),
  port: z
    .number({ error: "Enter a port number." })
    .int("Enter a whole number.")
    .min(1, "Use a port from 1 to 65535.")
    .max(65535, "Use a port from 1 to 65535."),
  secure: z.boolean(),
  fromAddress: z.string().trim().refine(validEmail, "Enter the sender's address such as verdant@example.com."),
  /** Blank: the server takes mail without signing in. */
  username: z.string().trim().max(200, "Use at most 200 characters."),
  /** null keeps the stored password, "" removes it, text replaces it. */
  password: z.string().max(200, "Use at most 200 characters.").nullable(),
});

/** The SMTP setting as the form sends it. */
export type SmtpSettingInput = z.infer<typeof smtpSettingSchema>;
